/**
 * The operators' CLI for the remote registry (`pnpm remotes ...`, docs/operating-flags.md). It talks to the
 * running server's admin API; when no server answers on this machine it opens the database itself.
 */
import os from 'node:os';
import path from 'node:path';
import type { RegistryRemote } from '@bahi/shared/contracts';
import { ConfigError, loadConfig } from '../config';
import { parseOverrideOrigin, parsePercent, readOperatorToken } from '../services/registry';
import { OPERATOR_TOKEN_FILE } from '../services/registry/operator-token';
import { CliError, httpBackend, openDirect, probeApi, type RegistryBackend } from './backends';
import { flagText, historyTable, remotesTable } from './format';
import { HttpError } from '../errors';

export const USAGE = `Usage: remotes <command> [options]

Commands:
  list                                          every remote: version, flag, overridable, manifest URL
  publish <name> <manifestUrl> <version>        point a remote at a new build (its bahi-remote.json must answer)
  rollback <name>                               back to the previously published build (again: forward)
  enable <name>                                 on for every business
  disable <name>                                off for every business
  enable-for <name> <businessId> [...]          on only for these businesses
  rollout <name> <percent>                      on for a stable 0-100 % of businesses
  allow-override <name> on|off                  allow a per-browser override of its URL (integration testers)
  override-origins <name> [<origin> ...]        the only origins an override may load from (none: clears the list)
  history <name>                                every change of a remote, newest first

<name> is the container name (mf_items) or the folder (mf-items).

Options:
  --api <url>    the server (default http://localhost:$PORT, PORT defaulting to 8080)
  --by <who>     recorded in the history as who made the change (default $USER@hostname)
  --json         machine-readable output
  -h, --help     this text

The CLI sends the operator token from OPERATOR_TOKEN or <DATA_DIR>/${OPERATOR_TOKEN_FILE}. When no server
answers on this machine, it changes the database directly (DATABASE_URL, or PGlite in DATA_DIR).
Changes take effect at the next shell load; nothing is rebuilt or restarted. See docs/operating-flags.md.
`;

export interface CliIo {
  env: Record<string, string | undefined>;
  out(text: string): void;
  err(text: string): void;
}

interface Options {
  api?: string;
  by?: string;
  json: boolean;
  help: boolean;
  positional: string[];
}

const usageError = (message: string) => new CliError(`${message}\nRun "remotes --help" for the commands.`);

function parseArgs(argv: string[]): Options {
  const opts: Options = { json: false, help: false, positional: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw usageError(`${flag} needs a value.`);
      return v;
    };
    if (flag === '--api') opts.api = value();
    else if (flag === '--by') opts.by = value();
    else if (flag === '--json') opts.json = true;
    else if (flag === '--help' || flag === '-h') opts.help = true;
    else if (arg === '--') {
      opts.positional.push(...argv.slice(i + 1));
      break;
    }
    // "-5" is a (wrong) percentage, refused with its own message, not an option.
    else if (arg.startsWith('-') && arg.length > 1 && !/^-\d/.test(arg)) throw usageError(`Unknown option ${arg}.`);
    else opts.positional.push(arg);
  }
  return opts;
}

/** Arguments each command takes after its name: [min, max]. */
const ARITY: Record<string, [number, number]> = {
  list: [0, 0],
  publish: [3, 3],
  rollback: [1, 1],
  enable: [1, 1],
  disable: [1, 1],
  'enable-for': [2, Infinity],
  rollout: [2, 2],
  'allow-override': [2, 2],
  'override-origins': [1, Infinity],
  history: [1, 1],
};

const SYNOPSIS: Record<string, string> = {
  list: 'list',
  publish: 'publish <name> <manifestUrl> <version>',
  rollback: 'rollback <name>',
  enable: 'enable <name>',
  disable: 'disable <name>',
  'enable-for': 'enable-for <name> <businessId> [<businessId> ...]',
  rollout: 'rollout <name> <percent>',
  'allow-override': 'allow-override <name> on|off',
  'override-origins': 'override-origins <name> [<origin> ...]',
  history: 'history <name>',
};

function parseOnOff(raw: string): boolean {
  const v = raw.trim().toLowerCase();
  if (['on', 'true', 'yes'].includes(v)) return true;
  if (['off', 'false', 'no'].includes(v)) return false;
  throw usageError(`allow-override takes on or off (got "${raw}").`);
}

function defaultActor(env: CliIo['env']): string {
  let user = env.USER?.trim() || env.LOGNAME?.trim();
  if (!user) {
    try {
      user = os.userInfo().username;
    } catch {
      user = 'unknown';
    }
  }
  return `${user}@${os.hostname()}`;
}

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]', '::1'].includes(url.hostname) || url.hostname.startsWith('127.');

/** What a change did, said once above the remote's row. */
function changeMessage(command: string, r: RegistryRemote): string {
  switch (command) {
    case 'publish':
      return `Published ${r.name} ${r.version} (${r.manifestUrl})${r.previous ? `; rollback returns to ${r.previous.version}` : ''}.`;
    case 'rollback':
      return `Rolled ${r.name} back to ${r.version} (${r.manifestUrl})${r.previous ? `; rollback again returns to ${r.previous.version}` : ''}.`;
    case 'enable':
      return `${r.name} is on for every business.`;
    case 'disable':
      return `${r.name} is off for every business.`;
    case 'enable-for':
      return `${r.name} is on only for ${flagText(r.flag)}: ${r.flag.businesses.join(', ')}.`;
    case 'rollout':
      return `${r.name} is on for ${r.flag.percentage}% of businesses (each business keeps its answer).`;
    case 'override-origins':
      return r.overrideOrigins.length > 0
        ? `Overrides of ${r.name} may load only from ${r.overrideOrigins.join(', ')}${r.overridable ? '' : ' (once allowed with allow-override on)'}.`
        : `Overrides of ${r.name} may load from nowhere: no origin is allowed.`;
    default:
      return `Per-browser overrides of ${r.name} are ${r.overridable ? 'allowed' : 'not allowed'}${r.overridable && r.overrideOrigins.length === 0 ? ', but no origin is allowed yet (remotes override-origins)' : ''}.`;
  }
}

async function connect(opts: Options, io: CliIo): Promise<RegistryBackend> {
  let config;
  try {
    config = loadConfig(io.env);
  } catch (e) {
    if (e instanceof ConfigError) throw new CliError(e.message);
    throw e;
  }
  const apiUrl = opts.api ?? `http://localhost:${config.port}`;
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw usageError(`--api must be a URL such as http://localhost:8080 (got "${apiUrl}").`);
  }
  const probe = await probeApi(apiUrl);
  if (probe.answered) {
    const fromEnv = io.env.OPERATOR_TOKEN?.trim();
    const token = fromEnv || readOperatorToken(config.dataDir);
    const file = path.join(config.dataDir, OPERATOR_TOKEN_FILE);
    if (!token) {
      throw new CliError(
        `A Bahi API answers at ${apiUrl}, but the CLI has no operator token: set OPERATOR_TOKEN, or DATA_DIR to ` +
          `the server's data directory (no ${file}).`,
      );
    }
    return httpBackend(apiUrl, token, fromEnv ? 'OPERATOR_TOKEN' : file);
  }
  // Only a server on this machine is replaced by its database: a remote --api that is down must not silently
  // change a local copy.
  if (!isLoopback(url)) throw new CliError(`No Bahi API answers at ${apiUrl} (${probe.reason}).`);
  const backend = await openDirect({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    appsRoot: config.appsRoot,
    apiUrl,
    why: probe.reason,
  });
  io.err(`No Bahi API answers at ${apiUrl}; working on ${backend.describe} directly.\n`);
  return backend;
}

async function run(opts: Options, io: CliIo): Promise<void> {
  const [command, ...args] = opts.positional;
  if (!command) throw usageError('Name a command.');
  const arity = ARITY[command];
  if (!arity) throw usageError(`Unknown command "${command}".`);
  if (args.length < arity[0] || args.length > arity[1]) throw usageError(`Usage: remotes ${SYNOPSIS[command]}`);
  // Refuse what is wrong on its face before reaching any server or database.
  const percent = command === 'rollout' ? parsePercent(args[1]) : 0;
  const allowed = command === 'allow-override' ? parseOnOff(args[1]) : false;
  if (command === 'override-origins') args.slice(1).forEach(parseOverrideOrigin);
  const by = opts.by ?? defaultActor(io.env);
  const print = (data: unknown, human: () => string) => io.out(opts.json ? `${JSON.stringify(data, null, 2)}\n` : human());

  const backend = await connect(opts, io);
  try {
    if (command === 'list') {
      const remotes = await backend.list();
      print(remotes, () =>
        remotes.length > 0 ? remotesTable(remotes) : 'No remotes are registered yet. Register one with: remotes publish <name> <manifestUrl> <version>\n',
      );
      return;
    }
    const name = args[0];
    if (command === 'history') {
      const entries = await backend.history(name);
      print(entries, () => (entries.length > 0 ? historyTable(entries) : `No changes of ${name} are recorded yet.\n`));
      return;
    }
    let remote: RegistryRemote;
    if (command === 'publish') remote = await backend.publish(name, args[1], args[2], by);
    else if (command === 'rollback') remote = await backend.rollback(name, by);
    else if (command === 'enable') remote = await backend.enable(name, by);
    else if (command === 'disable') remote = await backend.disable(name, by);
    else if (command === 'enable-for') remote = await backend.enableFor(name, args.slice(1), by);
    else if (command === 'rollout') remote = await backend.rollout(name, percent, by);
    else if (command === 'override-origins') remote = await backend.overrideOrigins(name, args.slice(1), by);
    else remote = await backend.allowOverride(name, allowed, by);
    print(remote, () => `${changeMessage(command, remote)} Takes effect at the next shell load.\n\n${remotesTable([remote])}`);
  } finally {
    await backend.close();
  }
}

/** Runs one command; answers the exit code (0, or 1 after printing the reason on stderr). */
export async function runRemotesCli(argv: string[], io: CliIo): Promise<number> {
  let opts: Options;
  try {
    opts = parseArgs(argv);
    if (opts.help) {
      io.out(USAGE);
      return 0;
    }
    await run(opts, io);
    return 0;
  } catch (e) {
    if (e instanceof CliError || e instanceof HttpError) {
      io.err(`remotes: ${e.message}\n`);
      return 1;
    }
    io.err(`remotes: failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 1;
  }
}

if (require.main === module) {
  void runRemotesCli(process.argv.slice(2), {
    env: process.env,
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
  }).then((code) => process.exit(code));
}
