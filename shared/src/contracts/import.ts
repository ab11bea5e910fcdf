import { z } from 'zod';
import { ok } from './common';

/**
 * Spreadsheet imports (party bulk-create, item bulk-create-items): one mechanism for every area.
 *
 * The upload is multipart/form-data with one file part (any field name) holding an .xlsx or a .csv whose first
 * row names the columns (the template's headers). All or nothing: when every row passes, all are inserted in one
 * transaction and the answer is `BulkImportResponse`; when any row fails, nothing is inserted and the answer is
 * 400 with an .xlsx body (the error report: each failed row's number in the uploaded file, its values and the
 * reason per column), which the client turns into `ApiError{status: 400, file, message: BULK_ERROR_MESSAGE}`.
 * A problem with the file as a whole is JSON: 415 when it is neither an .xlsx nor a CSV by its bytes,
 * 400 when it cannot be read or lacks columns or rows, 413 beyond a limit (`IMPORT_MAX_BYTES`, `IMPORT_MAX_ROWS`,
 * columns, cell length, what it unpacks to, the time and memory reading it takes).
 */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
/** For `<input accept>`. */
export const IMPORT_ACCEPT = '.xlsx,.csv';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const BulkImportResult = z.object({
  /** Rows inserted (every row of the file). */
  count: z.number().int().nonnegative(),
});
export type BulkImportResult = z.infer<typeof BulkImportResult>;
export const BulkImportResponse = ok(BulkImportResult).extend({ message: z.string() });
export type BulkImportResponse = z.infer<typeof BulkImportResponse>;
