import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { gracefulShutdown } from './shutdown';
import { createTestDatabase } from './test/db';
import { SETUP_TIMEOUT_MS, testConfig } from './test/harness';
import type { Database } from './db/client';

/** SIGTERM's steps (main.ts): readiness 503 while draining, in-flight requests finish, then the database closes. */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, SETUP_TIMEOUT_MS);

function request(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

it('answers readiness 503 while draining and finishes an in-flight request before closing', async () => {
  const app = await buildApp({ config: testConfig(), db: database.db, logger: false });
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  app.get('/slow', async () => {
    entered();
    await released;
    return { done: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;

  expect(await request(port, '/api/ready')).toEqual({ status: 200, body: JSON.stringify({ status: 'ready' }) });
  const slow = request(port, '/slow');
  await inside;

  let databaseClosed = false;
  app.drain();
  expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
  expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

  const shutdown = gracefulShutdown(app, {
    drainMs: 0,
    closeDatabase: async () => {
      databaseClosed = true;
    },
  });
  // The in-flight request is still being served; the database is not closed under it.
  expect(databaseClosed).toBe(false);
  release();
  expect(await slow).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
  await shutdown;
  expect(databaseClosed).toBe(true);
  await expect(request(port, '/api/ready')).rejects.toThrow();
  await database.close();
});
