import {
  AccountLedgerQuery,
  AccountLedgerResponse,
  BalanceSheetQuery,
  BalanceSheetResponse,
  CreateJournalRequest,
  CreateLedgerAccountRequest,
  JournalEntryResponse,
  LedgerAccountResponse,
  LedgerTreeQuery,
  LedgerTreeResponse,
  ProfitLossQuery,
  ProfitLossResponse,
  TrialBalanceQuery,
  TrialBalanceResponse,
  UpdateLedgerAccountRequest,
} from '@bahi/shared/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../plugins/auth';
import { IdempotencyHeaders, idempotencyKeyOf } from '../services/idempotency';
import { createJournal, createLedgerAccount, updateLedgerAccount, type LedgerContext } from '../services/ledger/manual';
import { accountLedgerSheet, balanceSheetSheet, profitLossSheet, trialBalanceSheet, type StatementRow } from '../services/ledger/export';
import { displayDate } from '../services/pdf/format';
import { PDF_ROWS_MAX, assertExportable, sendPdf, sendXlsx, type ExportSheet } from '../services/reports/export';
import { accountLedger, balanceSheet, ledgerTree, profitLoss, trialBalance } from '../services/ledger/statements';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['ledger'];
const FILE_TYPES = ['application/json', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'];

/** A statement as a file when `format` asks for one (xlsx or an A4 PDF); undefined for JSON. */
function exportOr<T>(reply: FastifyReply, format: string | undefined, data: T, sheetOf: (d: T) => ExportSheet<StatementRow>, title: string, period: string) {
  if (format !== 'xlsx' && format !== 'pdf') return undefined;
  const sheet = sheetOf(data);
  const name = `${title}-${period}`.replace(/[^A-Za-z0-9._-]+/g, '-');
  return format === 'pdf' ? sendPdf(reply, name, title, period, sheet) : sendXlsx(reply, name, [sheet]);
}
/** Any string: an id that is not a uuid is simply not found (404). */
const LedgerIdParams = z.object({ id: z.string().max(100).describe('Ledger id (uuid)') });
const AccountIdParams = z.object({ accountId: z.string().max(100).describe('Ledger id (uuid)') });

/** The books: the chart of accounts, journal vouchers, a ledger's lines, and the statements read from the journal. */
export function ledgerRoutes(app: ZodApp, deps: Deps) {
  app.addHook('preHandler', requireAuth(deps));
  const context = (request: FastifyRequest): LedgerContext => {
    const auth = authOf(request);
    return { db: deps.db, businessId: auth.businessId, userId: auth.user.id, now: deps.clock() };
  };

  app.get('/ledger/accounts', {
    schema: {
      tags,
      summary: 'The chart of accounts, group by group, each ledger with its balance (positive = Dr) as of asOf',
      security: SESSION_SECURITY,
      querystring: LedgerTreeQuery,
      response: { 200: LedgerTreeResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({ success: true as const, data: await ledgerTree(deps.db, authOf(request).businessId, request.query, deps.clock()) }),
  });

  app.post('/ledger/create-account', {
    schema: {
      tags,
      summary: 'Add a ledger under a group, with its opening balance (positive = Dr) against Opening balance equity',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      body: CreateLedgerAccountRequest,
      response: { 201: LedgerAccountResponse, ...errorResponses(400, 401, 409, 422) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ success: true as const, data: await createLedgerAccount(context(request), request.body, idempotencyKeyOf(request.headers)) }),
  });

  app.put('/ledger/update-account/:id', {
    schema: {
      tags,
      summary: 'Rename one of the user’s ledgers, or deactivate / activate a ledger',
      security: SESSION_SECURITY,
      params: LedgerIdParams,
      body: UpdateLedgerAccountRequest,
      response: { 200: LedgerAccountResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => ({ success: true as const, data: await updateLedgerAccount(context(request), request.params.id, request.body) }),
  });

  app.post('/ledger/create-journal', {
    schema: {
      tags,
      summary: 'A journal voucher (JV/26-27/n): every line one side, debits equal to credits (400 otherwise)',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      body: CreateJournalRequest,
      response: { 201: JournalEntryResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ success: true as const, data: await createJournal(context(request), request.body, idempotencyKeyOf(request.headers)) }),
  });

  app.get('/ledger/account-ledger/:accountId', {
    schema: {
      tags,
      summary: 'A ledger’s lines from..to with the running balance (positive = Dr), its opening and its closing',
      description: 'format=xlsx answers the ledger as a workbook, format=pdf as an A4 print.',
      produces: ['application/json', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'],
      security: SESSION_SECURITY,
      params: AccountIdParams,
      querystring: AccountLedgerQuery,
      response: { 200: AccountLedgerResponse, ...errorResponses(400, 401, 404, 413) },
    },
    handler: async (request, reply) => {
      const q = request.query;
      const ledger = await accountLedger(deps.db, authOf(request).businessId, request.params.accountId, q, deps.clock());
      if (q.format === 'xlsx' || q.format === 'pdf') {
        assertExportable(ledger.lines.length, q.format === 'pdf' ? PDF_ROWS_MAX : undefined);
        const name = `Ledger-${ledger.account.name}-${ledger.from ?? 'start'}-to-${ledger.to ?? 'today'}`.replace(/[^A-Za-z0-9._-]+/g, '-');
        const sheet = accountLedgerSheet(ledger);
        const period = `${ledger.from ? displayDate(ledger.from) : 'From the start'} to ${ledger.to ? displayDate(ledger.to) : 'today'}`;
        return q.format === 'pdf' ? sendPdf(reply, name, `Ledger: ${ledger.account.name}`, period, sheet) : sendXlsx(reply, name, [sheet]);
      }
      return { success: true as const, data: ledger };
    },
  });

  app.get('/report/trial-balance', {
    schema: {
      tags: ['report'],
      summary: 'Every ledger with its opening (before from, by default the financial year’s start), debits, credits and closing as of asOf',
      security: SESSION_SECURITY,
      querystring: TrialBalanceQuery,
      produces: FILE_TYPES,
      response: { 200: TrialBalanceResponse, ...errorResponses(400, 401) },
    },
    handler: async (request, reply) => {
      const data = await trialBalance(deps.db, authOf(request).businessId, request.query, deps.clock());
      return exportOr(reply, request.query.format, data, trialBalanceSheet, 'Trial balance', `As of ${displayDate(data.asOf)}`) ?? { success: true as const, data };
    },
  });

  app.get('/report/profit-loss', {
    schema: {
      tags: ['report'],
      summary: 'Trading and profit & loss account of the period (this financial year to date by default), beside the period before',
      security: SESSION_SECURITY,
      querystring: ProfitLossQuery,
      produces: FILE_TYPES,
      response: { 200: ProfitLossResponse, ...errorResponses(400, 401) },
    },
    handler: async (request, reply) => {
      const data = await profitLoss(deps.db, authOf(request).businessId, request.query, deps.clock());
      return exportOr(reply, request.query.format, data, profitLossSheet, 'Profit and loss', `${displayDate(data.from)} to ${displayDate(data.to)}`) ?? { success: true as const, data };
    },
  });

  app.get('/report/balance-sheet', {
    schema: {
      tags: ['report'],
      summary: 'Assets against liabilities, capital and the profit to date, as of asOf (today by default)',
      security: SESSION_SECURITY,
      querystring: BalanceSheetQuery,
      produces: FILE_TYPES,
      response: { 200: BalanceSheetResponse, ...errorResponses(400, 401) },
    },
    handler: async (request, reply) => {
      const data = await balanceSheet(deps.db, authOf(request).businessId, request.query, deps.clock());
      return exportOr(reply, request.query.format, data, balanceSheetSheet, 'Balance sheet', `As of ${displayDate(data.asOf)}`) ?? { success: true as const, data };
    },
  });
}
