import {
  AccountLedgerExportQuery,
  AccountLedgerResponse,
  BalanceSheetExportQuery,
  BalanceSheetResponse,
  CreateJournalRequest,
  CreateLedgerAccountRequest,
  JournalEntryResponse,
  LedgerAccountResponse,
  LedgerTreeQuery,
  LedgerTreeResponse,
  ProfitLossExportQuery,
  ProfitLossResponse,
  TrialBalanceExportQuery,
  TrialBalanceResponse,
  UpdateLedgerAccountRequest,
} from '@bahi/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../plugins/auth';
import { readDb } from '../plugins/read-replica';
import { IdempotencyHeaders, idempotencyKeyOf } from '../services/idempotency';
import { accountLedgerFile, balanceSheetFile, profitLossFile, trialBalanceFile } from '../services/ledger/export';
import { createJournal, createLedgerAccount, updateLedgerAccount, type LedgerContext } from '../services/ledger/manual';
import { accountLedger, balanceSheet, ledgerTree, profitLoss, trialBalance } from '../services/ledger/statements';
import { sendReportFile } from '../services/reports/export';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['ledger'];
/** Any string: an id that is not a uuid is simply not found (404). */
const LedgerIdParams = z.object({ id: z.string().max(100).describe('Ledger id (uuid)') });
const AccountIdParams = z.object({ accountId: z.string().max(100).describe('Ledger id (uuid)') });
const FILE_TYPES = ['application/json', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'];
const FILE_DESCRIPTION = 'format=xlsx answers the statement as a workbook, format=pdf as an A4 print (413 above 5,000 rows).';
const isFile = (format: string | undefined): format is 'xlsx' | 'pdf' => format === 'xlsx' || format === 'pdf';

/** The books: the chart of accounts, journal vouchers, a ledger's lines, and the statements read from the journal. */
export function ledgerRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));
  const context = (request: FastifyRequest): LedgerContext => {
    const auth = authOf(request);
    return { db: deps.db, businessId: auth.businessId, userId: auth.user.id, now: deps.clock() };
  };

  app.get('/ledger/accounts', {
    config: { readReplica: true },
    schema: {
      tags,
      summary: 'The chart of accounts, group by group, each ledger with its balance (positive = Dr) as of asOf',
      security: SESSION_SECURITY,
      querystring: LedgerTreeQuery,
      response: { 200: LedgerTreeResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({ success: true as const, data: await ledgerTree(readDb(request, deps), authOf(request).businessId, request.query, deps.clock()) }),
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
    config: { readReplica: true },
    schema: {
      tags,
      summary: 'A ledger’s lines from..to with the running balance (positive = Dr), its opening and its closing',
      security: SESSION_SECURITY,
      description: FILE_DESCRIPTION,
      params: AccountIdParams,
      querystring: AccountLedgerExportQuery,
      produces: FILE_TYPES,
      response: { 200: AccountLedgerResponse, ...errorResponses(400, 401, 404, 413) },
    },
    handler: async (request, reply) => {
      const { businessId } = authOf(request);
      const q = request.query;
      if (isFile(q.format)) return sendReportFile(reply, q.format, await accountLedgerFile(readDb(request, deps), businessId, request.params.accountId, q, deps.clock()));
      return { success: true as const, data: await accountLedger(readDb(request, deps), businessId, request.params.accountId, q, deps.clock()) };
    },
  });

  app.get('/report/trial-balance', {
    config: { readReplica: true },
    schema: {
      tags: ['report'],
      summary: 'Every ledger with its opening (before from, by default the financial year’s start), debits, credits and closing as of asOf',
      security: SESSION_SECURITY,
      description: FILE_DESCRIPTION,
      querystring: TrialBalanceExportQuery,
      produces: FILE_TYPES,
      response: { 200: TrialBalanceResponse, ...errorResponses(400, 401, 413) },
    },
    handler: async (request, reply) => {
      const { businessId } = authOf(request);
      if (isFile(request.query.format)) return sendReportFile(reply, request.query.format, await trialBalanceFile(readDb(request, deps), businessId, request.query, deps.clock()));
      return { success: true as const, data: await trialBalance(readDb(request, deps), businessId, request.query, deps.clock()) };
    },
  });

  app.get('/report/profit-loss', {
    config: { readReplica: true },
    schema: {
      tags: ['report'],
      summary: 'Trading and profit & loss account of the period (this financial year to date by default), beside the period before',
      security: SESSION_SECURITY,
      description: FILE_DESCRIPTION,
      querystring: ProfitLossExportQuery,
      produces: FILE_TYPES,
      response: { 200: ProfitLossResponse, ...errorResponses(400, 401, 413) },
    },
    handler: async (request, reply) => {
      const { businessId } = authOf(request);
      if (isFile(request.query.format)) return sendReportFile(reply, request.query.format, await profitLossFile(readDb(request, deps), businessId, request.query, deps.clock()));
      return { success: true as const, data: await profitLoss(readDb(request, deps), businessId, request.query, deps.clock()) };
    },
  });

  app.get('/report/balance-sheet', {
    config: { readReplica: true },
    schema: {
      tags: ['report'],
      summary: 'Assets against liabilities, capital and the profit to date, as of asOf (today by default)',
      security: SESSION_SECURITY,
      description: FILE_DESCRIPTION,
      querystring: BalanceSheetExportQuery,
      produces: FILE_TYPES,
      response: { 200: BalanceSheetResponse, ...errorResponses(400, 401, 413) },
    },
    handler: async (request, reply) => {
      const { businessId } = authOf(request);
      if (isFile(request.query.format)) return sendReportFile(reply, request.query.format, await balanceSheetFile(readDb(request, deps), businessId, request.query, deps.clock()));
      return { success: true as const, data: await balanceSheet(readDb(request, deps), businessId, request.query, deps.clock()) };
    },
  });
}
