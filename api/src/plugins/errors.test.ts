import Fastify from 'fastify';
import { BUSY_MESSAGE, databaseError, registerErrorHandler } from './errors';

/** A driver's error as drizzle hands it on: the PostgreSQL error in `cause`. */
const pgFailure = (code: string) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('database error'), { code }) });

describe('database errors a request meets', () => {
  it.each([
    ['40P01', 'a deadlock'],
    ['40001', 'a serialization failure'],
  ])('%s (%s) is 503 "busy" with Retry-After: 1, not a 500', (code) => {
    const e = databaseError(pgFailure(code));
    expect(e).toMatchObject({ statusCode: 503, message: BUSY_MESSAGE, headers: { 'retry-after': '1' } });
    expect(e?.field).toBeUndefined();
  });

  it('a value out of range is still 400, and an unknown database error stays a 500', () => {
    expect(databaseError(pgFailure('22003'))?.statusCode).toBe(400);
    expect(databaseError(pgFailure('XX000'))).toBeUndefined();
  });

  it('the client is answered 503 with Retry-After: 1 and the busy message', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/deadlock', async () => {
      throw pgFailure('40P01');
    });
    app.get('/serialization', async () => {
      throw pgFailure('40001');
    });
    try {
      for (const url of ['/deadlock', '/serialization']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('1');
        expect(res.json()).toEqual({ success: false, message: 'The server was busy; please try again' });
      }
    } finally {
      await app.close();
    }
  });
});
