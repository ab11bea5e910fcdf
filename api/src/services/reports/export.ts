import { PassThrough, Readable } from 'node:stream';
import { REPORT_EXPORT_ROWS_MAX } from '@bahi/shared/contracts';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../errors';
import { displayDate, amount as formatIndianMoney } from '../pdf/format';
import { Pen } from '../pdf/pen';
import { Table } from '../pdf/table';

/**
 * A column of an exported report: money and quantities are written as numbers, dates ('YYYY-MM-DD') as dates
 * (dd/mm/yyyy), the rest as text. A balance is signed money (positive = Dr) that reads '1,250.00 Dr' or
 * '1,250.00 Cr', in print and in the spreadsheet alike.
 */
export interface ExportColumn<R> {
  header: string;
  kind: 'text' | 'money' | 'balance' | 'quantity' | 'count' | 'date';
  value: (row: R) => string | number | null;
  width?: number;
  /** The spreadsheet's number format, when not the kind's own (e.g. INR_NUMBER_FORMAT for money in rupees). */
  numFmt?: string;
  /** In print, this column takes the width the others leave (the first column when none says so). */
  flex?: boolean;
  /** In print, the column's width in points, when not its kind's own. */
  printWidth?: number;
}

/** Rupees with Indian grouping (₹1,23,45,678.90) in a spreadsheet: lakhs and crores by value, as Excel allows. */
export const INR_NUMBER_FORMAT = '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"##,##0.00';

const KIND_FORMATS: Partial<Record<ExportColumn<unknown>['kind'], string>> = {
  money: '#,##0.00',
  balance: '#,##0.00 "Dr";#,##0.00 "Cr";0.00',
  quantity: '#,##0.###',
  date: 'dd/mm/yyyy',
};

/** One sheet: its columns, its rows in chunks (each chunk read from the database as the file is written), a totals row. */
export interface ExportSheet<R> {
  name: string;
  columns: ExportColumn<R>[];
  rows: AsyncIterable<R[]> | R[][];
  totals?: R;
  /** Rows printed in bold (headings and subtotals of a statement). */
  bold?: (row: R) => boolean;
  /** In print, the table's width in points, when narrower than the page (a statement of a few columns). */
  printWidth?: number;
}

/** Too many rows for one file: a shorter period, or a filter, makes a smaller one. */
export function assertExportable(rows: number, max = REPORT_EXPORT_ROWS_MAX) {
  if (rows > max) {
    throw new HttpError(413, `The export would have ${rows} rows; at most ${max} fit in one file. Choose a shorter period or a filter.`);
  }
}

/** How many rows an export reads from the database at a time. */
export const EXPORT_CHUNK = 5000;

/** Every row of a report for a file (at most the export limit), read a chunk at a time as the file is written. */
export async function* inChunks<R>(count: number, read: (limit: number, offset: number) => Promise<R[]>): AsyncIterable<R[]> {
  for (let offset = 0; offset < Math.min(count, REPORT_EXPORT_ROWS_MAX); offset += EXPORT_CHUNK) yield await read(EXPORT_CHUNK, offset);
}

const cellValue = <R>(c: ExportColumn<R>, row: R) => {
  const v = c.value(row);
  if (v === null || v === undefined) return null;
  return c.kind === 'text' || c.kind === 'date' ? String(v) : Number(v);
};
/** A spreadsheet cell: a date column's 'YYYY-MM-DD' as a date (midnight UTC: the calendar day, whatever the zone). */
const sheetValue = <R>(c: ExportColumn<R>, row: R) => {
  const v = cellValue(c, row);
  return c.kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : v;
};

/** A spreadsheet-formula-looking text cell is written as text (CSV injection). */
const csvCell = (v: string | number | null, kind: ExportColumn<unknown>['kind']) => {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (kind === 'text' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

const fileHeaders = (reply: FastifyReply, fileName: string, type: string) =>
  reply.header('content-type', type).header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store');

/** Streams the sheets as an .xlsx workbook (exceljs's streaming writer: rows leave as they are written). */
export function sendXlsx<R>(reply: FastifyReply, fileName: string, sheets: ExportSheet<R>[]) {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Bahi';
  void (async () => {
    for (const s of sheets) {
      const sheet = workbook.addWorksheet(s.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = s.columns.map((c) => ({
        header: c.header,
        width: c.width ?? Math.max(12, c.header.length + 2),
        style: c.numFmt ?? KIND_FORMATS[c.kind] ? { numFmt: c.numFmt ?? KIND_FORMATS[c.kind] } : {},
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      for await (const chunk of s.rows) {
        for (const row of chunk) {
          const r = sheet.addRow(s.columns.map((c) => sheetValue(c, row)));
          if (s.bold?.(row)) r.font = { bold: true };
          r.commit();
        }
      }
      if (s.totals) {
        const r = sheet.addRow(s.columns.map((c, i) => (i === 0 ? 'Total' : c.kind === 'text' || c.kind === 'date' ? null : cellValue(c, s.totals as R))));
        r.font = { bold: true };
        r.commit();
      }
      sheet.commit();
    }
    await workbook.commit();
  })().catch((e: unknown) => out.destroy(e as Error));
  return fileHeaders(reply, `${fileName}.xlsx`, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(out);
}

/** Streams one sheet as CSV (UTF-8 with a byte-order mark, so Excel reads ₹ and Indian names right). */
export function sendCsv<R>(reply: FastifyReply, fileName: string, s: ExportSheet<R>) {
  async function* lines() {
    yield `\uFEFF${s.columns.map((c) => csvCell(c.header, 'text')).join(',')}\r\n`;
    for await (const chunk of s.rows) {
      yield chunk.map((row) => `${s.columns.map((c) => csvCell(cellValue(c, row), c.kind)).join(',')}\r\n`).join('');
    }
    if (s.totals) {
      const totals = s.totals;
      yield `${s.columns.map((c, i) => (i === 0 ? 'Total' : c.kind === 'text' ? '' : csvCell(cellValue(c, totals), c.kind))).join(',')}\r\n`;
    }
  }
  return fileHeaders(reply, `${fileName}.csv`, 'text/csv; charset=utf-8').send(Readable.from(lines()));
}

/** A PDF is for printing: at most this many rows (a longer report is a spreadsheet). */
export const PDF_ROWS_MAX = 5000;
const LANDSCAPE = { width: 841.89, height: 595.28 };
const MARGIN = 28;
const FIGURE_WIDTH: Record<ExportColumn<unknown>['kind'], number> = { money: 62, balance: 74, quantity: 52, count: 40, text: 64, date: 52 };

/** Formats a cell for print: money with Indian grouping and two decimals, the rest as it is. */
function printed<R>(c: ExportColumn<R>, row: R): string {
  const v = c.value(row);
  if (v === null || v === undefined || v === '') return '';
  if (c.kind === 'money') return formatIndianMoney(String(v));
  if (c.kind === 'balance') {
    const signed = String(v);
    if (Number(signed) === 0) return formatIndianMoney('0');
    return signed.startsWith('-') ? `${formatIndianMoney(signed.slice(1))} Cr` : `${formatIndianMoney(signed)} Dr`;
  }
  if (c.kind === 'date') return displayDate(String(v));
  return String(v);
}

/**
 * Streams one sheet as an A4 landscape PDF: a title, a subtitle (the period and filters), the table with its header
 * repeated on every page, and the totals row. The first column (or the one marked flex) takes the width the others leave.
 */
export function sendPdf<R>(reply: FastifyReply, fileName: string, title: string, subtitle: string, s: ExportSheet<R>) {
  const pen = Pen.create({ autoFirstPage: false, info: { Title: title, Creator: 'Bahi' }, lang: 'en-IN' });
  // The other columns keep their widths when they fit beside a flexible column of 90 points, else all shrink.
  const flex = Math.max(0, s.columns.findIndex((c) => c.flex));
  const available = Math.min(s.printWidth ?? Infinity, LANDSCAPE.width - 2 * MARGIN);
  const widthOf = (c: ExportColumn<R>) => c.printWidth ?? FIGURE_WIDTH[c.kind];
  const fixed = s.columns.reduce((n, c, i) => (i === flex ? n : n + widthOf(c)), 0);
  const scale = Math.min(1, (available - 90) / fixed);
  const columns = s.columns.map((c, i) => ({
    title: c.header,
    width: i === flex ? 0 : widthOf(c) * scale,
    align: (c.kind === 'text' ? 'left' : 'right') as 'left' | 'right',
  }));
  const table = new Table(pen, columns, MARGIN, available, 7.5);
  let top = 0;
  const newPage = () => {
    pen.doc.addPage({ size: [LANDSCAPE.width, LANDSCAPE.height], margin: 0 });
    top = MARGIN;
    top += table.drawHeader(top);
  };
  pen.doc.addPage({ size: [LANDSCAPE.width, LANDSCAPE.height], margin: 0 });
  pen.line(title, MARGIN, MARGIN, LANDSCAPE.width - 2 * MARGIN, { size: 14, bold: true });
  pen.line(subtitle, MARGIN, MARGIN + 20, LANDSCAPE.width - 2 * MARGIN, { size: 9, color: '#555' });
  top = MARGIN + 38;
  top += table.drawHeader(top);
  const draw = (cells: string[], bold: boolean, rule: 'strong' | 'light') => {
    const row = { cells, bold };
    const h = table.rowHeight(row);
    if (top + h > LANDSCAPE.height - MARGIN) newPage();
    top += table.drawRow(row, top, { ruleAbove: rule });
  };
  void (async () => {
    for await (const chunk of s.rows) for (const row of chunk) draw(s.columns.map((c) => printed(c, row)), s.bold?.(row) ?? false, 'light');
    const totals = s.totals;
    if (totals) draw(s.columns.map((c, i) => (i === 0 ? 'Total' : c.kind === 'text' ? '' : printed(c, totals))), true, 'strong');
    pen.hline(MARGIN, MARGIN + available, top, 0.5);
    pen.doc.end();
  })().catch((e: unknown) => pen.doc.destroy(e as Error));
  return fileHeaders(reply, `${fileName}.pdf`, 'application/pdf').send(pen.doc);
}

export type FileFormat = 'xlsx' | 'csv' | 'pdf';

/** A report as a file: what it is called, its title and subtitle in print, how many rows it has, its sheet. */
export interface ReportFile<R> {
  name: string;
  title: string;
  subtitle: string;
  count: number;
  sheet: ExportSheet<R>;
}

/** A file name of letters, digits, dots, dashes and underscores. */
export const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-');

/** A report of `count` rows as a file: .xlsx or .csv (up to the export limit), or an A4 PDF (up to 5,000 rows); 413 above. */
export function sendReportFile<R>(reply: FastifyReply, format: FileFormat, file: ReportFile<R>) {
  assertExportable(file.count, format === 'pdf' ? PDF_ROWS_MAX : undefined);
  const name = safeName(file.name);
  if (format === 'pdf') return sendPdf(reply, name, file.title, file.subtitle, file.sheet);
  return format === 'xlsx' ? sendXlsx(reply, name, [file.sheet]) : sendCsv(reply, name, file.sheet);
}
