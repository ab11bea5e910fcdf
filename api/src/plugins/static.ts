import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { remoteBasePath } from '@bahi/shared/mf';
import type { AppConfig } from '../config';
import { routerPath } from './csrf';
import { REMOTE_FOLDERS } from '../services/registry/local';

/** Files whose name stays the same from build to build: always revalidated. */
const ENTRY_FILES = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js', 'bahi-remote.json']);
/** rspack's `[name].[contenthash:8].js` and friends: safe to keep forever. */
const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

function cacheHeaders(reply: FastifyReply, file: string) {
  const name = path.basename(file);
  reply.header('cache-control', !ENTRY_FILES.has(name) && HASHED_FILE.test(name) ? IMMUTABLE : NO_CACHE);
}

/** Production builds ship .map files beside their code; served only when an operator asks (SERVE_SOURCE_MAPS). */
const isSourceMap = (pathName: string) => /\.map$/i.test(pathName.split('?')[0]);

export interface StaticApps {
  /** The built shell's folder, when there is one: unknown non-API paths answer its index.html. */
  shellDist: string | null;
  /** The shell's file that answers a page request: a prerendered page's own HTML (/login → login.html), else index.html. */
  pageFile: (url: string) => string;
}

/**
 * The pages the shell's build prerendered (shell/build/prerender-pages.ts: `/login` → login.html, with the form in
 * it), found in its dist at start-up: their paths, with or without a query string, answer those files.
 */
export function prerenderedPages(shellDist: string): (url: string) => string {
  const pages = new Set(fs.readdirSync(shellDist).filter((f) => f.endsWith('.html') && f !== 'index.html'));
  return (url) => {
    const name = /^\/([a-z0-9-]+)$/.exec(routerPath(url))?.[1];
    return name && pages.has(`${name}.html`) ? `${name}.html` : 'index.html';
  };
}

/** Serves the built shell at / and each built remote at /remotes/<folder>/ (the start command's one URL). */
export async function registerStaticApps(app: FastifyInstance, config: AppConfig): Promise<StaticApps> {
  const shellDist = path.join(config.appsRoot, 'shell', 'dist');
  const allowedPath = config.serveSourceMaps ? undefined : (pathName: string) => !isSourceMap(pathName);
  const hasShell = fs.existsSync(path.join(shellDist, 'index.html'));
  if (hasShell) {
    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      cacheControl: false,
      // The builds ship .br/.gz twins of every text asset: served as-is to browsers that accept them.
      preCompressed: true,
      allowedPath,
      setHeaders: cacheHeaders,
    });
  } else {
    app.log.info(`No shell build at ${shellDist}; not serving the shell`);
  }
  for (const folder of REMOTE_FOLDERS) {
    const dist = path.join(config.appsRoot, folder, 'dist');
    if (!fs.existsSync(dist)) {
      app.log.info(`No build of ${folder} at ${dist}; not serving it`);
      continue;
    }
    await app.register(fastifyStatic, {
      root: dist,
      prefix: remoteBasePath(folder),
      decorateReply: false,
      cacheControl: false,
      preCompressed: true,
      allowedPath,
      setHeaders: (reply, file) => {
        cacheHeaders(reply, file);
        // Another origin (a shell under test, a team's own host) fetches the manifest with CORS and loads the
        // scripts, which helmet's same-origin resource policy would block.
        reply.header('access-control-allow-origin', '*');
        reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }
  return hasShell ? { shellDist, pageFile: prerenderedPages(shellDist) } : { shellDist: null, pageFile: () => 'index.html' };
}
