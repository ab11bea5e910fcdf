import {
  RunNowRequest,
  RunNowResponse,
  ScheduleListQuery,
  ScheduleListResponse,
  ScheduleRequest,
  ScheduleResponse,
} from '@bahi/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../plugins/auth';
import type { DocumentContext } from '../services/documents/prepare';
import { IdempotencyHeaders, RequiredIdempotencyHeaders, idempotencyKeyOf } from '../services/idempotency';
import {
  changeScheduleStatus,
  createSchedule,
  getSchedule,
  listSchedules,
  runScheduleNow,
  updateSchedule,
} from '../services/automated-bills';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['automated-bill'];
/** Any string: an id that is not a uuid is simply not found (404). */
const ScheduleIdParams = z.object({ id: z.string().max(100).describe('Schedule id (uuid)') });

/** Automated (recurring) bills, scoped to the session's business. */
export function automatedBillRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));
  const context = (request: FastifyRequest): DocumentContext => ({ db: deps.db, auth: authOf(request), now: deps.clock() });

  app.post('/create-schedule', {
    schema: {
      tags,
      summary: 'Create a schedule that issues a sale invoice to a customer on every run date',
      description:
        'Lines, customer and branch are checked as a sale would check them. Dates are India’s (Asia/Kolkata). A start ' +
        'date in the past issues the missed bills at once, each dated its own date.',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      body: ScheduleRequest,
      response: { 201: ScheduleResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request, reply) => {
      const schedule = await createSchedule(context(request), request.body, idempotencyKeyOf(request.headers));
      return reply.code(201).send({ success: true as const, data: schedule });
    },
  });

  app.get('/schedules', {
    schema: {
      tags,
      summary: 'Schedules: active ones by next run date, then paused, then ended; meta.totalBilled over every match',
      security: SESSION_SECURITY,
      querystring: ScheduleListQuery,
      response: { 200: ScheduleListResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({ success: true as const, ...(await listSchedules(deps.db, authOf(request).businessId, request.query)) }),
  });

  app.get('/schedule/:id', {
    schema: {
      tags,
      summary: 'One schedule with its next run date and every run (issued invoices and failed runs, newest first)',
      security: SESSION_SECURITY,
      params: ScheduleIdParams,
      response: { 200: ScheduleResponse, ...errorResponses(401, 404) },
    },
    handler: async (request) => ({ success: true as const, data: await getSchedule(deps.db, authOf(request).businessId, request.params.id) }),
  });

  app.put('/update-schedule/:id', {
    schema: {
      tags,
      summary: 'Replace a schedule: future bills only (issued invoices stay as they are); 409 once ended',
      security: SESSION_SECURITY,
      params: ScheduleIdParams,
      body: ScheduleRequest,
      response: { 200: ScheduleResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => ({ success: true as const, data: await updateSchedule(context(request), request.params.id, request.body) }),
  });

  const statusRoute = (action: 'pause' | 'resume' | 'end', summary: string) =>
    app.post(`/${action}/:id`, {
      schema: {
        tags,
        summary,
        security: SESSION_SECURITY,
        params: ScheduleIdParams,
        response: { 200: ScheduleResponse, ...errorResponses(401, 404, 409) },
      },
      handler: async (request) => ({ success: true as const, data: await changeScheduleStatus(context(request), request.params.id, action) }),
    });
  statusRoute('pause', 'Pause an active schedule: no bills until it is resumed');
  statusRoute('resume', 'Resume a paused schedule: the next bill is the first run date from today (paused dates are skipped)');
  statusRoute('end', 'End a schedule for good: no more bills');

  app.post('/run-now/:id', {
    schema: {
      tags,
      summary: 'Issue the bill that is due now, or with { period } retry a failed run; answers the schedule and the run',
      description:
        'Issues the oldest period whose date is today or earlier (India), dated its own date, without waiting for ' +
        'the scheduler; nothing is billed ahead of its date: 409 naming the next due date when no bill is due. A ' +
        'bill that cannot be issued (stock, an item) answers 200 with run.status FAILED and run.reason, as the ' +
        'scheduler records it. The Idempotency-Key is required (400 without it): the same key and body within 24 ' +
        'hours answer the first run again and issue nothing more; 422 when the key was used with another body.',
      security: SESSION_SECURITY,
      params: ScheduleIdParams,
      headers: RequiredIdempotencyHeaders,
      body: RunNowRequest,
      response: { 200: RunNowResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await runScheduleNow(context(request), request.params.id, request.body, idempotencyKeyOf(request.headers)!),
    }),
  });
}
