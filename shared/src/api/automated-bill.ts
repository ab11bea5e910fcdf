import {
  RunNowResponse,
  ScheduleListResponse,
  ScheduleResponse,
  type RunNowRequest,
  type ScheduleListQuery,
  type ScheduleRequest,
} from '../contracts';
import { idempotencyHeaders, type CreateOptions } from './account';
import { apiRequest, type Query } from './client';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;
const path = (action: string, id: string) => `automated-bill/${action}/${encodeURIComponent(id)}`;

/** One typed function per automated-bill call. */
export const automatedBillApi = {
  create: (body: ScheduleRequest, opts?: CreateOptions) =>
    data(apiRequest('automated-bill/create-schedule', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: ScheduleResponse })),
  /** One page; `meta.totalBilled` over every schedule the filter matches. */
  list: (query: ScheduleListQuery = {}) => apiRequest('automated-bill/schedules', { query: query as Query, schema: ScheduleListResponse }),
  get: (id: string) => data(apiRequest(path('schedule', id), { schema: ScheduleResponse })),
  update: (id: string, body: ScheduleRequest) => data(apiRequest(path('update-schedule', id), { method: 'PUT', body, schema: ScheduleResponse })),
  pause: (id: string) => data(apiRequest(path('pause', id), { method: 'POST', schema: ScheduleResponse })),
  resume: (id: string) => data(apiRequest(path('resume', id), { method: 'POST', schema: ScheduleResponse })),
  end: (id: string) => data(apiRequest(path('end', id), { method: 'POST', schema: ScheduleResponse })),
  /** The bill that is due (409 naming the next due date when none is); with `period`, retry that failed run. */
  runNow: (id: string, body: RunNowRequest = {}, opts?: CreateOptions) =>
    data(apiRequest(path('run-now', id), { method: 'POST', body, headers: idempotencyHeaders(opts), schema: RunNowResponse })),
};
