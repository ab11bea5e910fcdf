/** Helpers for the registry's tests: remote builds served over HTTP, businesses with sessions. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SESSION_COOKIE, type RemoteDescriptor } from '@bahi/shared/contracts';
import { businesses, users } from '../../db/schema';
import type { Harness } from '../../test/harness';
import { createSession } from '../auth/sessions';

export function descriptorOf(folder: string, version = '1.0.0', title = folder.slice(3)): RemoteDescriptor {
  const area = folder.slice(3);
  return {
    name: folder.replace(/-/g, '_'),
    folder,
    version,
    title,
    routes: [`/${area}`, `/${area}/:id`],
    nav: [{ path: `/${area}`, label: title, icon: 'AppstoreOutlined', order: 10 }],
  };
}

interface Served {
  status: number;
  body: string;
}

/** A static server for remote builds: `put('/v2/mf-manifest.json', {...})`; anything else answers 404. */
export interface RemoteServer {
  base: string;
  put(path: string, body: unknown, status?: number): void;
  /** Serves `<dir>/mf-manifest.json` and `<dir>/bahi-remote.json` for a build; answers its manifest URL. */
  build(dir: string, descriptor: RemoteDescriptor): string;
  close(): Promise<void>;
}

export async function startRemoteServer(): Promise<RemoteServer> {
  const files = new Map<string, Served>();
  const server = http.createServer((req, res) => {
    const file = files.get((req.url ?? '/').split('?')[0]);
    res.writeHead(file?.status ?? 404, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(file?.body ?? '{"error":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const put = (path: string, body: unknown, status = 200) =>
    files.set(path, { status, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return {
    base,
    put,
    build(dir, descriptor) {
      put(`${dir}/mf-manifest.json`, { id: descriptor.name, name: descriptor.name, metaData: {} });
      put(`${dir}/bahi-remote.json`, descriptor);
      return `${base}${dir}/mf-manifest.json`;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let mobileCounter = 0;

/** A business with an owner and a live session, made straight in the database (many of them are cheap). */
export async function businessWithSession(h: Harness, name = 'Rollout Traders'): Promise<{ id: string; cookie: string }> {
  const db = h.database.db;
  const [business] = await db.insert(businesses).values({ name }).returning({ id: businesses.id });
  mobileCounter += 1;
  const mobile = `6${String(process.pid % 1000).padStart(3, '0')}${String(mobileCounter).padStart(6, '0')}`;
  const [user] = await db
    .insert(users)
    .values({ businessId: business.id, name: 'Owner', mobile, role: 'OWNER' })
    .returning({ id: users.id });
  const token = await createSession(db, { userId: user.id, businessId: business.id, activeBranchId: null }, h.clock.now(), h.config.session);
  return { id: business.id, cookie: `${SESSION_COOKIE}=${token}` };
}
