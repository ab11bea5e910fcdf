import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { HttpError, badRequest } from '../../errors';

/** One non-empty row of an uploaded sheet: its row number in the file (1-based, as the spreadsheet shows it). */
export interface SheetRow {
  rowNumber: number;
  /** Cell texts by column position (0-based); blank cells are ''. */
  cells: string[];
}

export interface Sheet {
  kind: 'xlsx' | 'csv';
  rows: SheetRow[];
}

/** Unzipped size a 5 MB .xlsx may claim before it is refused unread (a "zip bomb" would exhaust memory). */
export const MAX_XLSX_UNZIPPED_BYTES = 150 * 1024 * 1024;

export const SHEET_MESSAGES = {
  notSpreadsheet: 'Upload an Excel workbook (.xlsx) or a CSV file (.csv).',
  legacyXls: 'Old Excel files (.xls) cannot be read: open it in Excel and save it as .xlsx, then upload that.',
  unreadable: 'This file could not be read as a spreadsheet. Save it again as .xlsx or .csv and upload that.',
  tooLargeUnzipped: 'This workbook is too large to read. Split it into smaller files.',
  tooManyRows: (max: number) =>
    `The file has more than ${max.toLocaleString('en-IN')} rows; import at most ${max.toLocaleString('en-IN')} at a time. Split it into smaller files.`,
};

const tooManyRows = (max: number) => new HttpError(413, SHEET_MESSAGES.tooManyRows(max));

export function detectKind(data: Buffer): 'xlsx' | 'csv' {
  if (data.length >= 4 && data.readUInt32LE(0) === 0x04034b50) return 'xlsx';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) {
    throw badRequest(SHEET_MESSAGES.legacyXls);
  }
  // Text: no NUL bytes in what we can see (UTF-16 and binary files have them).
  if (data.subarray(0, 64 * 1024).includes(0)) throw badRequest(SHEET_MESSAGES.notSpreadsheet);
  return 'csv';
}

/**
 * The total uncompressed size the zip's central directory declares; Infinity for ZIP64 (which no 5 MB
 * spreadsheet needs), null when the central directory cannot be read (not a whole zip).
 */
export function zipUncompressedSize(data: Buffer): number | null {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  const searchFrom = Math.max(0, data.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = data.length - 22; i >= searchFrom; i--) {
    if (data.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== CENTRAL) return null;
    const size = data.readUInt32LE(offset + 24);
    if (size === 0xffffffff) return Infinity;
    total += size;
    offset += 46 + data.readUInt16LE(offset + 28) + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
  }
  return total;
}

/** Numbers as a person typed them: no float noise from formulas (0.1 + 0.2 reads 0.3). */
function numberText(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15)));
}

function isoDate(d: Date): string {
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10);
}

/** The text of any cell value exceljs reads: rich text, hyperlinks (emails), formulas' results, dates, errors. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoDate(value);
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text: string }[];
      text?: unknown;
      result?: unknown;
      formula?: unknown;
      sharedFormula?: unknown;
      error?: string;
    };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('').trim();
    if (v.formula !== undefined || v.sharedFormula !== undefined) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (typeof v.error === 'string') return v.error;
  }
  return String(value).trim();
}

/** exceljs row.values is 1-based with holes; answer 0-based texts. */
function rowCells(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  const cells: string[] = [];
  for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
  return cells;
}

const isBlank = (cells: string[]) => cells.every((c) => c === '');

async function readXlsx(data: Buffer, maxRows: number): Promise<SheetRow[]> {
  const unzipped = zipUncompressedSize(data);
  if (unzipped === null) throw badRequest(SHEET_MESSAGES.unreadable);
  if (unzipped > MAX_XLSX_UNZIPPED_BYTES) throw new HttpError(413, SHEET_MESSAGES.tooLargeUnzipped);
  // The streaming reader keeps one row at a time, so a sheet with a million rows is refused without holding them.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(data), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const rows: SheetRow[] = [];
  // The first worksheet holds the data (the template's Notes sheet comes after it).
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      const cells = rowCells((row as ExcelJS.Row).values);
      if (isBlank(cells)) continue;
      rows.push({ rowNumber: (row as ExcelJS.Row).number, cells });
      // The header plus maxRows data rows.
      if (rows.length > maxRows + 1) throw tooManyRows(maxRows);
    }
    break;
  }
  return rows;
}

async function readCsv(data: Buffer, maxRows: number): Promise<SheetRow[]> {
  let text = data.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // A cheap bound before parsing: a quoted cell may span lines, so allow three lines a row.
  let lines = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  if (lines > (maxRows + 1) * 3) throw tooManyRows(maxRows);

  const workbook = new ExcelJS.Workbook();
  // Every cell stays the text it is: exceljs would otherwise turn '011001' into 11001 and '2025-04-01' into a Date.
  const worksheet = await workbook.csv.read(Readable.from([text]), { map: (v: unknown) => v } as never);
  const rows: SheetRow[] = [];
  worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells = rowCells(row.values);
    if (!isBlank(cells)) rows.push({ rowNumber, cells });
  });
  if (rows.length > maxRows + 1) throw tooManyRows(maxRows);
  return rows;
}

/**
 * Reads the first sheet of an .xlsx or a .csv (told apart by their bytes, not the file name). Answers every
 * non-blank row, the header included; a file over `maxRows` data rows is refused with 413.
 */
export async function readSheet(data: Buffer, maxRows: number): Promise<Sheet> {
  const kind = detectKind(data);
  try {
    const rows = kind === 'xlsx' ? await readXlsx(data, maxRows) : await readCsv(data, maxRows);
    return { kind, rows };
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw badRequest(SHEET_MESSAGES.unreadable);
  }
}
