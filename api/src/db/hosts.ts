import { Client, type ClientConfig } from 'pg';

/**
 * A PostgreSQL connection string naming several servers, as libpq reads it:
 * `postgres://user@10.0.0.1:5432,10.0.0.2:5432/bahi?target_session_attrs=read-write`. node-postgres (pg 8) takes
 * one host only, so the hosts are tried here in order, and with `target_session_attrs=read-write` a server in
 * recovery (a standby) is passed over: after a failover the pool's next connections reach the promoted standby
 * without a restart or a changed setting.
 */
export interface DatabaseTarget {
  /** One single-host connection string per server, in the order given. */
  urls: string[];
  /** `target_session_attrs=read-write` (or `primary`): only a server that accepts writes will do. */
  readWrite: boolean;
}

const URL_PARTS = /^(postgres(?:ql)?:\/\/)([^@/?]*@)?([^/?]*)(.*)$/;

export function parseDatabaseTarget(databaseUrl: string): DatabaseTarget {
  const parts = URL_PARTS.exec(databaseUrl.trim());
  if (!parts) return { urls: [databaseUrl], readWrite: false };
  const [, scheme, credentials = '', hostList, rest] = parts;
  const queryAt = rest.indexOf('?');
  const path = queryAt < 0 ? rest : rest.slice(0, queryAt);
  const query = new URLSearchParams(queryAt < 0 ? '' : rest.slice(queryAt + 1));
  const attrs = query.get('target_session_attrs')?.toLowerCase() ?? 'any';
  if (!['any', 'read-write', 'primary'].includes(attrs)) {
    throw new Error(`target_session_attrs=${attrs} is not supported here (any, read-write or primary)`);
  }
  query.delete('target_session_attrs');
  const search = query.toString();
  const hosts = hostList.split(',').filter(Boolean);
  return {
    urls: (hosts.length > 0 ? hosts : ['']).map((host) => `${scheme}${credentials}${host}${path}${search ? `?${search}` : ''}`),
    readWrite: attrs !== 'any',
  };
}

/** No server of a multi-host connection string could be used (all down, or none accepts writes). */
export class NoUsableServerError extends Error {
  /** Answered as "the database is unavailable" (errors.ts), like a refused connection. */
  readonly code = 'ECONNREFUSED';
  constructor(readonly causes: unknown[]) {
    super(`No PostgreSQL server of the connection string accepts ${causes.length ? 'connections for writes' : 'connections'} now`);
    this.name = 'NoUsableServerError';
  }
}

/** How long a host that does not answer is waited for before the next is tried. */
const PROBE_TIMEOUT_MS = 3_000;

/**
 * The first server of `target` that answers (and, for read-write, is not in recovery), starting from the one that
 * answered last time. Each check is a short connection of its own, so a pool client is only ever opened on a
 * server already known to fit.
 */
async function pickServer(target: DatabaseTarget, state: { last: number }): Promise<ClientConfig> {
  const causes: unknown[] = [];
  for (let i = 0; i < target.urls.length; i++) {
    const index = (state.last + i) % target.urls.length;
    const config: ClientConfig = { connectionString: target.urls[index], connectionTimeoutMillis: PROBE_TIMEOUT_MS };
    const probe = new Client(config);
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      const { rows } = await probe.query<{ recovery: boolean }>('select pg_is_in_recovery() as recovery');
      if (target.readWrite && rows[0]?.recovery) {
        causes.push(new Error(`${target.urls[index]} is a standby`));
        continue;
      }
      state.last = index;
      return config;
    } catch (e) {
      causes.push(e);
    } finally {
      await probe.end().catch(() => undefined);
    }
  }
  throw new NoUsableServerError(causes);
}

/**
 * A pg Client class for a connection string: plain pg for one host; for several, a Client that picks its server
 * when it connects (pickServer). Pools take it as their `Client` option; the change feed and the migration lock
 * make theirs with `newClient`.
 */
export function clientClass(databaseUrl: string): typeof Client {
  const target = parseDatabaseTarget(databaseUrl);
  if (target.urls.length === 1 && !target.readWrite) return Client;
  const state = { last: 0 };
  class MultiHostClient extends Client {
    override connect(): Promise<Client>;
    override connect(callback: (err: Error | null, client?: Client) => void): void;
    override connect(callback?: (err: Error | null, client?: Client) => void): Promise<Client> | void {
      const connecting = pickServer(target, state).then((config) => {
        const chosen = new Client(config);
        // The server is chosen only now: this client takes over the chosen one's address.
        Object.assign(this, { host: chosen.host, port: chosen.port });
        Object.assign((this as unknown as { connectionParameters: object }).connectionParameters, {
          host: chosen.host,
          port: chosen.port,
        });
        return super.connect();
      });
      if (!callback) return connecting;
      connecting.then(
        (client) => callback(null, client),
        (e: Error) => callback(e),
      );
    }
  }
  return MultiHostClient;
}

/** A client of its own (LISTEN, the migration lock) on the server `databaseUrl` chooses. */
export function newClient(databaseUrl: string): Client {
  const target = parseDatabaseTarget(databaseUrl);
  const ClientClass = clientClass(databaseUrl);
  // Without several hosts the connection string is pg's own; otherwise each host's options are the same.
  return new ClientClass({ connectionString: target.urls[0] });
}
