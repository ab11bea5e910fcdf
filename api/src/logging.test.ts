import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { ConfigError } from './config';
import { describeOtpSender, logFormat, logRequestsAtDebug, loggingOptions, startLines, type LogFormat } from './logging';

/** A Fastify app with one route, logging as `format` at `level` into a string. */
async function served(format: LogFormat, level: string) {
  let out = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      out += chunk.toString();
      done();
    },
  });
  const logging = loggingOptions(level, format, sink);
  const app = Fastify(logging);
  if (logging.logController) logRequestsAtDebug(app);
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.inject({ method: 'GET', url: '/api/health' });
  app.log.info('Database ready');
  await app.close();
  return out;
}

describe('LOG_FORMAT', () => {
  it('is what it says, else pretty in a terminal and JSON elsewhere', () => {
    expect(logFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'Pretty' }, false)).toBe('pretty');
    expect(logFormat({}, true)).toBe('pretty');
    expect(logFormat({}, false)).toBe('json');
  });

  it('refuses anything else, naming the setting', () => {
    expect(() => logFormat({ LOG_FORMAT: 'xml' })).toThrow(ConfigError);
    expect(() => logFormat({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT must be json or pretty (got "xml")');
  });
});

describe('logs', () => {
  it('as JSON: one object per line, every request included', async () => {
    const lines = (await served('json', 'info')).trim().split('\n').map((l) => JSON.parse(l) as { msg: string });
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed', 'Database ready']);
  });

  it('pretty: readable lines, and requests only at debug level', async () => {
    const info = await served('pretty', 'info');
    expect(info).toContain('INFO');
    expect(info).toContain('Database ready');
    expect(info).not.toContain('/api/health');
    expect(info.trim().startsWith('{')).toBe(false);

    const debug = await served('pretty', 'debug');
    expect(debug).toContain('GET /api/health → 200 in');
    expect(debug).not.toContain('incoming request');
  });
});

describe('the start lines', () => {
  it('say where Bahi runs, on which database, and where the codes go', () => {
    const text = startLines(
      {
        url: 'http://localhost:8080',
        database: 'PGlite in /srv/bahi/data/pgdata',
        otp: describeOtpSender({ sender: 'console' } as Parameters<typeof describeOtpSender>[0]),
        operatorToken: 'in /srv/bahi/data/operator-token',
        logLevel: 'info',
      },
      false,
    ).join('\n');
    expect(text).toContain('Bahi is running at http://localhost:8080');
    expect(text).toContain('Database        PGlite in /srv/bahi/data/pgdata');
    expect(text).toContain('One-time codes  printed here as they are sent');
    expect(text).toContain('requests hidden (LOG_LEVEL=debug shows them)');
  });
});
