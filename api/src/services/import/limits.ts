/**
 * What an uploaded spreadsheet may hold, and what the user is told when it holds more. Shared by the parser (which
 * runs in a worker thread, so this module imports nothing) and the import.
 */
export interface SheetLimits {
  /** Data rows; the header row comes on top. */
  maxRows: number;
  /** Columns A..; a value further right refuses the file. */
  maxColumns: number;
  /** Characters in one cell. */
  maxCellChars: number;
  /** Characters in all non-empty cells together: what the import keeps in memory. */
  maxTextChars: number;
  /** Bytes an .xlsx may unpack to, counted while inflating (a zip's declared sizes can lie). */
  maxUnzippedBytes: number;
  /** Entries of an .xlsx's shared-strings table. */
  maxSharedStrings: number;
  /** Files inside an .xlsx. */
  maxZipEntries: number;
}

export const SHEET_LIMITS: Omit<SheetLimits, 'maxRows'> = {
  maxColumns: 100,
  // No import column takes more than a few hundred characters; this leaves room for notes in columns it ignores.
  maxCellChars: 4_000,
  maxTextChars: 16_000_000,
  maxUnzippedBytes: 50 * 1024 * 1024,
  // 10,000 rows of 16 different texts each, and room to spare.
  maxSharedStrings: 200_000,
  maxZipEntries: 10_000,
};

const n = (v: number) => v.toLocaleString('en-IN');

/** 0 -> 'A', 25 -> 'Z', 26 -> 'AA', 16383 -> 'XFD'. */
export function columnLetters(index: number): string {
  let s = '';
  for (let i = index + 1; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

export const SHEET_MESSAGES = {
  notSpreadsheet: 'Upload an Excel workbook (.xlsx) or a CSV file (.csv).',
  legacyXls: 'Old Excel files (.xls) cannot be read: open it in Excel and save it as .xlsx, then upload that.',
  unreadable: 'This file could not be read as a spreadsheet. Save it again as .xlsx or .csv and upload that.',
  tooLargeUnzipped: (max: number) =>
    `This workbook unpacks to more than ${n(max / 1024 / 1024)} MB, too large to import. Split it into smaller files.`,
  tooManyRows: (max: number) =>
    `The file has more than ${n(max)} rows; import at most ${n(max)} at a time. Split it into smaller files.`,
  tooManyColumns: (cell: string, max: number) =>
    `Cell ${cell} is beyond column ${columnLetters(max - 1)}: an import reads at most ${n(max)} columns. ` +
    'Delete the columns after your data and upload the file again.',
  cellTooLong: (cell: string, max: number) =>
    `Cell ${cell} holds more than ${n(max)} characters, more than any column of an import takes. Shorten it and upload the file again.`,
  rowTooLong: (row: number, max: number) =>
    `Row ${row} holds more than ${n(max)} characters. Check that its quotes are closed, and upload the file again.`,
  tooManyParts: (max: number) =>
    `This workbook is made of more than ${n(max)} files, more than a spreadsheet to import needs. Save its first sheet as a new workbook and upload that.`,
  tooManyTexts: (max: number) =>
    `The workbook holds more than ${n(max)} different texts, more than an import of this size needs. Split it into smaller files.`,
  tooMuchText: (max: number) =>
    `The file holds more than ${n(max)} characters of text, too much to import at once. Split it into smaller files.`,
  tooSlow: 'This file takes too long to read. Split it into smaller files, or save it again as .xlsx, and upload that.',
  tooMuchMemory: 'This file needs more memory to read than an import may use. Split it into smaller files.',
};

/** A file the import cannot take, with the status and message the user gets. */
export class SheetError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = 'SheetError';
  }
}
