import { openBooks } from './services/ledger-backfill';
import { buildApp } from './app';
import { PLANNER_STATISTICS_INTERVAL_MS, refreshPlannerStatistics } from './services/auth/housekeeping';
import { ConfigError, loadConfig } from './config';
import { openDatabase, openPostgresDatabase, type Database } from './db/client';
import { DEFAULT_STALE_MS, DataDirLockedError } from './db/lock';
import { describeOtpSender, logFormat, startLines, type LogFormat } from './logging';
import { ensureOperatorTokenFile } from './services/registry';
import { importFilesFromDataDir } from './services/files/import';
import { gracefulShutdown } from './shutdown';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  let config;
  let format: LogFormat;
  try {
    config = loadConfig();
    format = logFormat();
  } catch (e) {
    if (e instanceof ConfigError) fail(`Bahi cannot start: ${e.message}`);
    throw e;
  }

  // Seconds without a heartbeat before another process may take the data directory's lock over.
  const staleSeconds = Number(process.env.DATA_LOCK_STALE_SECONDS || DEFAULT_STALE_MS / 1000);
  if (!(staleSeconds >= 1)) fail('Bahi cannot start: DATA_LOCK_STALE_SECONDS must be a number of seconds, at least 1.');
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      lock: { staleMs: staleSeconds * 1000, onLost: (e) => fail(`Bahi stops: ${e.message} Two processes must never share one data directory.`) },
    });
  } catch (e) {
    if (e instanceof DataDirLockedError) fail(`Bahi cannot start: ${e.message}`);
    throw e;
  }
  await database.migrate();
  // The books of businesses older than them: posted once, checked, or the start fails.
  await openBooks(database.db);

  // Without OPERATOR_TOKEN the admin API (and the `remotes` CLI) use a random token kept in DATA_DIR.
  const tokenFile = config.operatorToken ? null : ensureOperatorTokenFile(config.dataDir);
  // The replica is only read: no migrations (it replays the primary's), no change feed (NOTIFY is not replicated).
  const replica = config.readDatabaseUrl ? openPostgresDatabase(config.readDatabaseUrl, config.databasePoolSize) : null;
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    readReplica: replica ? { replica: replica.db } : undefined,
    operatorToken: config.operatorToken ?? tokenFile?.token,
    logFormat: format,
  });
  // Files uploaded before they lived in the database: moved in once, then DATA_DIR holds none of them.
  await importFilesFromDataDir(database.db, config.dataDir, app.log);
  // PGlite has no autovacuum: refresh its planner statistics now and then, as PostgreSQL's autovacuum would.
  const statistics =
    database.kind === 'pglite'
      ? setInterval(
          () => void refreshPlannerStatistics(database.db).catch((err) => app.log.warn({ err }, 'planner statistics not refreshed')),
          PLANNER_STATISTICS_INTERVAL_MS,
        ).unref()
      : undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(statistics);
    app.log.info({ signal }, 'Bahi is draining: readiness answers 503, in-flight requests finish, then it exits');
    // Work that outlives the time-out is cut off: a half-issued bill rolls back and is issued again later.
    setTimeout(() => fail(`Bahi stops: shutdown took longer than ${config.shutdownTimeoutSeconds} s.`), config.shutdownTimeoutSeconds * 1000).unref();
    await gracefulShutdown(app, {
      drainMs: config.shutdownDrainSeconds * 1000,
      closeDatabase: async () => {
        await replica?.close();
        await database.close();
      },
    });
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    await replica?.close();
    await database.close();
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      fail(`Bahi cannot start: port ${config.port} is already in use. Stop what uses it or set PORT to another port.`);
    }
    throw e;
  }
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  const info = {
    url: `http://${host}:${config.port}`,
    database: replica ? `${database.describe}; reads from ${replica.describe}` : database.describe,
    otp: describeOtpSender(config.otp),
    operatorToken: tokenFile ? `in ${tokenFile.file}` : 'from OPERATOR_TOKEN',
    logLevel: config.logLevel,
  };
  if (format === 'pretty') process.stdout.write(`${startLines(info).join('\n')}\n`);
  else app.log.info(info, `Bahi is running at ${info.url}`);
}

main().catch((e) => {
  process.stderr.write(`Bahi failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
