import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { OtpSender } from './otp';
import type { SessionCache } from './services/auth/sessions';

/** The current time; tests move it forward to reach expiries and time-outs. */
export type Clock = () => Date;

/** What routes and services need, passed explicitly rather than kept in module state. */
export interface Deps {
  db: Db;
  config: AppConfig;
  clock: Clock;
  otpSender: OtpSender;
  log: FastifyBaseLogger;
  /** Sessions and list answers kept in memory while the database's change feed is heard (off without it). */
  readCache: SessionCache;
}
