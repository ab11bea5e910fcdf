import { styleText } from 'node:util';
import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import { ConfigError, type AppConfig } from './config';

/** `json`: one JSON object per line, for log collectors (production). `pretty`: lines a person reads. */
export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT, else pretty for a person at a terminal (`npm start` asks for it too) and JSON for anything else. */
export function logFormat(env: NodeJS.ProcessEnv = process.env, terminal = process.stdout.isTTY === true): LogFormat {
  const raw = env.LOG_FORMAT?.trim().toLowerCase();
  if (!raw) return terminal ? 'pretty' : 'json';
  if (raw === 'json' || raw === 'pretty') return raw;
  throw new ConfigError(`LOG_FORMAT must be json or pretty (got "${env.LOG_FORMAT}")`);
}

/**
 * Fastify's logger for a format. Pretty output drops Fastify's two info lines per request: a request is one line
 * at debug level instead (LOG_LEVEL=debug shows them), so the terminal shows what the product says, not its traffic.
 */
export function loggingOptions(
  level: string,
  format: LogFormat,
  destination: NodeJS.WritableStream = process.stdout,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (format === 'json') return { logger: { level, stream: destination } };
  const stream = pinoPretty({
    destination,
    colorize: (destination as NodeJS.WriteStream).isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
    sync: true,
  });
  return { logger: { level, stream }, logController: new LogController({ disableRequestLogging: true }) };
}

/** "GET /api/item/items → 200 in 12 ms", at debug level: the pretty format's request log. */
export function logRequestsAtDebug(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(`${request.method} ${request.url} → ${reply.statusCode} in ${Math.round(reply.elapsedTime)} ms`);
  });
}

/** Where the one-time codes go, in words. */
export function describeOtpSender(otp: AppConfig['otp']): string {
  if (otp.sender === 'outbox') return `appended to ${otp.outboxFile}`;
  if (otp.sender === 'http') return `sent by SMS through ${otp.httpUrl ? new URL(otp.httpUrl).host : 'the gateway'}`;
  return 'printed here as they are sent';
}

export interface StartInfo {
  url: string;
  database: string;
  otp: string;
  operatorToken: string;
  logLevel: string;
}

/** What a person sees once the server listens: where to go, and what it runs on. */
export function startLines(info: StartInfo, color = process.stdout.isTTY === true): string[] {
  const bold = (text: string) => (color ? styleText('bold', text) : text);
  const requests = info.logLevel === 'debug' || info.logLevel === 'trace' ? 'shown' : 'hidden (LOG_LEVEL=debug shows them)';
  return [
    '',
    `  Bahi is running at ${bold(info.url)}`,
    '',
    `  Database        ${info.database}`,
    `  One-time codes  ${info.otp}`,
    `  Operator token  ${info.operatorToken}`,
    `  Logs            ${info.logLevel} and above; requests ${requests}`,
    '',
  ];
}
