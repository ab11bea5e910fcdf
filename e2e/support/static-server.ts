import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A team's own server for a remote build, as in production: a directory served with CORS on its own port.
 * For failure tests it can be switched to answer 500, hang (accept and never answer) or abort (drop the
 * connection), for every file or only the files a predicate picks.
 */
export type ServerMode = 'ok' | '500' | 'hang' | 'abort';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface StaticServer {
  url: string;
  port: number;
  /** Every path requested, in order (for asserting what was fetched). */
  requests: string[];
  setMode(mode: ServerMode, applies?: (pathname: string) => boolean): void;
  close(): Promise<void>;
}

export async function serveDirectory(root: string, port = 0): Promise<StaticServer> {
  let mode: ServerMode = 'ok';
  let applies: (pathname: string) => boolean = () => true;
  const requests: string[] = [];
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(pathname);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cache-Control', 'no-store');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Headers', '*');
      res.writeHead(204).end();
      return;
    }
    if (mode !== 'ok' && applies(pathname)) {
      if (mode === 'hang') return;
      if (mode === 'abort') {
        req.socket.destroy();
        return;
      }
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    const file = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(path.resolve(root)) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    requests,
    setMode(next, predicate = () => true) {
      mode = next;
      applies = predicate;
      // Connections held by "hang" are let go, as a server that recovers would.
      if (next === 'ok') for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
