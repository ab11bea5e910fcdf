import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/lock';
import { ensureOperatorTokenFile } from './services/registry';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) fail(`Bahi cannot start: ${e.message}`);
    throw e;
  }

  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (e) {
    if (e instanceof DataDirLockedError) fail(`Bahi cannot start: ${e.message}`);
    throw e;
  }
  await database.migrate();

  // Without OPERATOR_TOKEN the admin API (and the `remotes` CLI) use a random token kept in DATA_DIR.
  const tokenFile = config.operatorToken ? null : ensureOperatorTokenFile(config.dataDir);
  const app = await buildApp({ config, db: database.db, operatorToken: config.operatorToken ?? tokenFile?.token });
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    await database.close();
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      fail(`Bahi cannot start: port ${config.port} is already in use. Stop what uses it or set PORT to another port.`);
    }
    throw e;
  }
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  app.log.info(`Database: ${database.describe}; OTP sender: ${config.otp.sender}`);
  app.log.info(`Operator token (admin API, remotes CLI): ${tokenFile ? `in ${tokenFile.file}` : 'OPERATOR_TOKEN'}`);
  process.stdout.write(`Bahi is running at http://${host}:${config.port}\n`);
}

main().catch((e) => {
  process.stderr.write(`Bahi failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
