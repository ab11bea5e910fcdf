/**
 * Spreadsheet import, once for every area (parties, items, ...). An area describes its import as an `ImportSpec`
 * (columns, a zod row schema, duplicate keys, a check against stored data and a bulk insert); this module reads
 * the upload, enforces the limits, validates every row, and either inserts all rows in one transaction or answers
 * an error report and inserts nothing. See `contracts/import.ts` for the wire format.
 */
import { BulkImportResponse, IMPORT_MAX_ROWS, XLSX_MIME } from '@bahi/shared/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { HttpError, badRequest } from '../../errors';
import { SHEET_LIMITS } from './limits';
import { readSheet } from './sheet';
import type { ImportRowValues, ImportSpec, RowFailure, RowProblem, ValidRow } from './types';
import { headerText, writeErrorReport, writeTemplate } from './workbooks';

export * from './types';
export { resolveCategories } from './categories';
export { SHEET_LIMITS, SHEET_MESSAGES, type SheetLimits } from './limits';
export { readSheet, SHEET_WORKER_LIMITS } from './sheet';
export { writeErrorReport, writeTemplate, headerText } from './workbooks';

export const IMPORT_MESSAGES = {
  noFile: 'Attach the spreadsheet (.xlsx or .csv) as a file.',
  notMultipart: 'Upload the spreadsheet as multipart/form-data with the file in it.',
  tooLarge: 'The file is larger than 5 MB. Split it into smaller files.',
  empty: 'The file is empty. Fill in the template and upload it again.',
  noRows: (noun: { one: string; many: string }) =>
    `The file has no ${noun.many} to import: add one row per ${noun.one} under the header row.`,
  missingColumns: (headers: string[]) =>
    `The file has no ${headers.map((h) => `"${h}"`).join(', ')} column${headers.length > 1 ? 's' : ''}. ` +
    'Keep the header row of the template (download it to see the columns).',
};

/** Nothing was imported: the error report (an .xlsx) lists every failed row. Answered as 400 with the file. */
export class ImportRejected extends Error {
  constructor(
    readonly report: Buffer,
    readonly fileName: string,
    readonly failedRows: number,
    readonly totalRows: number,
  ) {
    super(`${failedRows} of ${totalRows} rows failed`);
    this.name = 'ImportRejected';
  }
}

/** Header texts compare without case, spaces, punctuation, '*' or '(optional)'. */
export const normalizeHeader = (s: string) =>
  s
    .toLowerCase()
    .replace(/\(optional\)/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** Which column each position of the header row holds; missing required columns are refused. */
function matchHeader<K extends string>(spec: ImportSpec<K, unknown, unknown>, header: string[]): Map<number, K> {
  const byName = new Map<string, K>();
  for (const c of spec.columns) {
    for (const name of [c.header, c.key, ...(c.aliases ?? [])]) byName.set(normalizeHeader(name), c.key);
  }
  const at = new Map<number, K>();
  const seen = new Set<K>();
  header.forEach((text, i) => {
    const key = byName.get(normalizeHeader(text));
    if (key && !seen.has(key)) {
      at.set(i, key);
      seen.add(key);
    }
  });
  const missing = spec.columns.filter((c) => c.required && !seen.has(c.key)).map((c) => c.header);
  if (missing.length) throw badRequest(IMPORT_MESSAGES.missingColumns(missing));
  return at;
}

function defaultColumnOf<K extends string>(spec: ImportSpec<K, unknown, unknown>) {
  const keys = new Set<string>(spec.columns.map((c) => c.key));
  return (path: readonly PropertyKey[]) => (typeof path[0] === 'string' && keys.has(path[0]) ? (path[0] as K) : undefined);
}

function addProblem<K extends string>(problems: RowProblem<K>[], problem: RowProblem<K>) {
  if (!problems.some((p) => p.column === problem.column && p.message === problem.message)) problems.push(problem);
}

/** Thrown inside the transaction to roll it back when a row failed. */
class Rollback extends Error {}

export interface ImportOutcome {
  count: number;
}

/**
 * Imports an uploaded spreadsheet: all rows in one transaction, or none. Throws HttpError for a problem with the
 * file as a whole (400, or 413 over the limits) and `ImportRejected` (with the error report) when any row fails.
 */
export async function runImport<K extends string, Row, Ctx>(
  db: Db,
  spec: ImportSpec<K, Row, Ctx>,
  data: Buffer,
  ctx: Ctx,
): Promise<ImportOutcome> {
  const generic = spec as unknown as ImportSpec<K, unknown, unknown>;
  const { rows } = await readSheet(data, { ...SHEET_LIMITS, maxRows: spec.maxRows ?? IMPORT_MAX_ROWS });
  if (rows.length === 0) throw badRequest(IMPORT_MESSAGES.empty);
  const [header, ...body] = rows;
  const columnsAt = matchHeader(generic, header.cells);
  if (body.length === 0) throw badRequest(IMPORT_MESSAGES.noRows(spec.noun));

  const columnOf = spec.columnOf ?? defaultColumnOf(generic);
  const entries = body.map((r) => {
    const values: ImportRowValues<K> = {};
    r.cells.forEach((text, i) => {
      const key = columnsAt.get(i);
      if (key && text !== '') values[key] = text;
    });
    return { rowNumber: r.rowNumber, values, problems: [] as RowProblem<K>[], row: undefined as Row | undefined };
  });

  for (const entry of entries) {
    const parsed = (spec.schema as z.ZodType<Row>).safeParse(entry.values);
    if (parsed.success) entry.row = parsed.data;
    else for (const issue of parsed.error.issues) addProblem(entry.problems, { column: columnOf(issue.path), message: issue.message });
  }

  for (const rule of spec.uniqueWithinFile ?? []) {
    const groups = new Map<string, typeof entries>();
    for (const entry of entries) {
      const key = rule.key(entry.values);
      if (key === undefined || key === '') continue;
      const group = groups.get(key);
      if (group) group.push(entry);
      else groups.set(key, [entry]);
    }
    const label = spec.columns.find((c) => c.key === rule.column)?.header ?? rule.column;
    for (const group of groups.values()) {
      if (group.length < 2) continue;
      for (const entry of group) {
        const others = group.filter((e) => e !== entry).map((e) => e.rowNumber);
        addProblem(entry.problems, {
          column: rule.column,
          message: `${label} "${entry.values[rule.column]}" is also on row${others.length > 1 ? 's' : ''} ${others.join(', ')} of this file`,
        });
      }
    }
  }

  const valid = () =>
    entries
      .filter((e) => e.problems.length === 0 && e.row !== undefined)
      .map((e): ValidRow<K, Row> => ({ rowNumber: e.rowNumber, values: e.values, row: e.row as Row }));

  try {
    await db.transaction(async (tx) => {
      await spec.lock?.(tx, ctx);
      if (spec.check) {
        const byRow = new Map(entries.map((e) => [e.rowNumber, e]));
        for (const p of await spec.check(tx, valid(), ctx)) {
          const entry = byRow.get(p.rowNumber);
          if (entry) addProblem(entry.problems, { column: p.column, message: p.message });
        }
      }
      if (entries.some((e) => e.problems.length > 0)) throw new Rollback();
      await spec.insert(tx, valid(), ctx);
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
    const failures: RowFailure<K>[] = entries
      .filter((entry) => entry.problems.length > 0)
      .map(({ rowNumber, values, problems }) => ({ rowNumber, values, problems }));
    const report = await writeErrorReport(generic, failures, entries.length);
    throw new ImportRejected(report, `${spec.noun.many}-import-errors.xlsx`, failures.length, entries.length);
  }
  if (entries.length >= ANALYZE_AFTER_ROWS) await analyzeTables(db, spec.tables ?? []);
  return { count: entries.length };
}

/** From this many imported rows, the filled tables are analyzed after the import (about 50 ms at 10,000 rows). */
export const ANALYZE_AFTER_ROWS = 500;

/** Fresh planner statistics for the tables; the rows are already committed, so a failure here only loses those. */
async function analyzeTables(db: Db, tables: readonly string[]) {
  for (const table of tables) {
    try {
      await db.execute(sql`analyze ${sql.identifier(table)}`);
    } catch {
      // Statistics are an optimisation: the next analyze (autovacuum, or the next large import) brings them.
    }
  }
}

/** What readUpload answers when the upload is not one usable file (an import's messages by default). */
export interface UploadMessages {
  notMultipart: string;
  noFile: string;
  tooLarge: string;
  empty: string;
}

/**
 * The uploaded file of a multipart request (the first file part), within the multipart size limit or the smaller
 * `maxBytes` (413 above it).
 */
export async function readUpload(
  request: FastifyRequest,
  opts: { messages?: UploadMessages; maxBytes?: number } = {},
): Promise<{ data: Buffer; filename: string }> {
  const messages = opts.messages ?? IMPORT_MESSAGES;
  if (!request.isMultipart()) throw new HttpError(415, messages.notMultipart);
  let data: Buffer;
  let filename: string;
  try {
    const part = await request.file(opts.maxBytes ? { limits: { fileSize: opts.maxBytes } } : undefined);
    if (!part) throw badRequest(messages.noFile);
    filename = part.filename;
    data = await part.toBuffer();
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, messages.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(413, 'The upload has too many parts: send one file.');
    }
    throw badRequest(messages.noFile);
  }
  if (data.length === 0) throw badRequest(messages.empty);
  return { data, filename };
}

const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/**
 * The whole import endpoint: reads the upload, runs the import, and answers 201 `BulkImportResponse`, or 400
 * with the error report (.xlsx). Other failures propagate as HttpError (JSON 400/413).
 */
export async function handleImport<K extends string, Row, Ctx>(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  spec: ImportSpec<K, Row, Ctx>,
  ctx: Ctx,
): Promise<FastifyReply> {
  const { data } = await readUpload(request);
  try {
    const { count } = await runImport(db, spec, data, ctx);
    const body: BulkImportResponse = {
      success: true,
      data: { count },
      message: `${count} ${count === 1 ? spec.noun.one : spec.noun.many} imported`,
    };
    return reply.code(201).send(body);
  } catch (e) {
    if (!(e instanceof ImportRejected)) throw e;
    return reply
      .code(400)
      .header('content-type', XLSX_MIME)
      .header('content-disposition', attachment(e.fileName))
      .header('x-failed-rows', String(e.failedRows))
      .send(e.report);
  }
}

/** The template download for an import. */
export async function sendTemplate<K extends string, Row, Ctx>(reply: FastifyReply, spec: ImportSpec<K, Row, Ctx>) {
  const file = await writeTemplate(spec as unknown as ImportSpec<K, unknown, unknown>);
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', attachment(`${spec.noun.many}-import-template.xlsx`))
    .header('cache-control', 'no-store')
    .send(file);
}

/** The template's header row texts, in order (for tests and for clients that build a file themselves). */
export const templateHeaders = (spec: ImportSpec<string, unknown, unknown>) => spec.columns.map(headerText);
