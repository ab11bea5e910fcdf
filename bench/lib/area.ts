// The contract between `bench/run.ts` and area benchmarks (bench/*.bench.ts and the known files listed in run.ts).
// See bench/README.md. An area benchmark either exports `run(ctx)` returning its result lines, or is a plain
// script printing them to stdout; either way it runs in its own child process with this context.
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { signUp as signUpVia } from './server';

export interface AreaServer {
  database: 'PostgreSQL' | 'PGlite';
  /** http://127.0.0.1:<port>: the real server (api/src/main.ts) serving the API and the production builds. */
  baseUrl: string;
  /** The OTP outbox file of that server (one JSON line per code sent). */
  outbox: string;
  /** Cookie header of a business signed up just for this area benchmark (its first branch is active). */
  cookie: string;
  phone: string;
  /** PostgreSQL only: its connection string, for a benchmark that starts another server on the same database. */
  databaseUrl?: string;
}

export interface AreaContext {
  /** The repository root. */
  root: string;
  /** A temp dir for this area benchmark, removed after the run. */
  tmpDir: string;
  /** PostgreSQL when a throwaway database could be made, else PGlite. */
  server: AreaServer;
  /** Every running server (PostgreSQL first when there is one, then PGlite). */
  servers: AreaServer[];
  /** Signs another fresh business up on `server` (default: ctx.server). */
  signUp(server?: AreaServer): Promise<AreaServer>;
  chromium: { executablePath: string; args: string[] };
  /** Progress to stderr (stdout is for result lines). */
  log(message: string): void;
}

/** What an area benchmark module may export. Lines are markdown, appended to RESULTS.md under the file's name. */
export type AreaBench = (ctx: AreaContext) => Promise<string[] | string | void>;

export const CONTEXT_ENV = 'BENCH_CONTEXT';

interface SerialisedContext {
  root: string;
  tmpDir: string;
  servers: AreaServer[];
}

export function contextEnv(ctx: SerialisedContext): Record<string, string> {
  const main = ctx.servers[0];
  return {
    [CONTEXT_ENV]: JSON.stringify(ctx),
    // Flat copies for plain scripts.
    BENCH_BASE_URL: main.baseUrl,
    BENCH_COOKIE: main.cookie,
    BENCH_DATABASE: main.database,
    BENCH_OUTBOX: main.outbox,
    BENCH_TMP_DIR: ctx.tmpDir,
  };
}

/** The context of the current area benchmark, from the environment run.ts set. */
export function areaContext(): AreaContext {
  const raw = process.env[CONTEXT_ENV];
  if (!raw) throw new Error(`${CONTEXT_ENV} is not set: area benchmarks are started by \`pnpm bench\` (bench/run.ts)`);
  const s = JSON.parse(raw) as SerialisedContext;
  return {
    root: s.root,
    tmpDir: s.tmpDir,
    server: s.servers[0],
    servers: s.servers,
    async signUp(server = s.servers[0]) {
      const session = await signUpVia(server, 'Area');
      return { ...server, cookie: session.cookieHeader, phone: session.phone };
    },
    chromium: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
    log: (message) => process.stderr.write(`${message}\n`),
  };
}
