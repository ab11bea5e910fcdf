import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../deps';
import { issueDueBills, type DueBillsResult } from '.';

export interface BillScheduler {
  /** A pass now (the timer's work), after the one running, if any; callers at the same moment share one pass. */
  tick(): Promise<DueBillsResult>;
  /** No new pass; resolves when the running one has finished its current bill. */
  stop(): Promise<void>;
}

/**
 * Looks for due automated bills at start and then every `intervalSeconds`. The timer only says when to look: which
 * instance bills which period is settled in the database (issueDueBills), so any number of instances may run one.
 */
export function startBillScheduler(opts: { db: Db; clock: Clock; intervalSeconds: number; log: FastifyBaseLogger }): BillScheduler {
  let stopping = false;
  let running: Promise<DueBillsResult> | null = null;
  const pass = () => {
    running ??= issueDueBills(opts.db, opts.clock, {
      stopping: () => stopping,
      onError: (err, scheduleId) => opts.log.error({ err, scheduleId }, 'automated bills: a schedule failed (tried again at the next pass)'),
    })
      .then((result) => {
        if (result.issued || result.failed || result.errors) opts.log.info(result, 'automated bills issued');
        return result;
      })
      .catch((err) => {
        opts.log.error({ err }, 'automated bills: a pass failed (tried again at the next one)');
        return { issued: 0, failed: 0, errors: 1 };
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  void pass();
  const timer = setInterval(() => void pass(), opts.intervalSeconds * 1000).unref();
  return {
    tick: async () => {
      await running;
      return pass();
    },
    stop: async () => {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
