import { PassThrough, Readable } from 'node:stream';
import { REPORT_EXPORT_ROWS_MAX } from '@bahi/shared/contracts';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../errors';
import { amount as formatIndianMoney } from '../pdf/format';
import { Pen } from '../pdf/pen';
import { Table } from '../pdf/table';

/** A column of an exported report: money and quantities are written as numbers, the rest as text. */
export interface ExportColumn<R> {
  header: string;
  kind: 'text' | 'money' | 'quantity' | 'count';
  value: (row: R) => string | number | null;
  width?: number;
}

/** One sheet: its columns, its rows in chunks (each chunk read from the database as the file is written), a totals row. */
export interface ExportSheet<R> {
  name: string;
  columns: ExportColumn<R>[];
  rows: AsyncIterable<R[]> | R[][];
  totals?: R;
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
  return c.kind === 'text' ? String(v) : Number(v);
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
        style: c.kind === 'money' ? { numFmt: '#,##0.00' } : c.kind === 'quantity' ? { numFmt: '#,##0.###' } : {},
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      for await (const chunk of s.rows) {
        for (const row of chunk) sheet.addRow(s.columns.map((c) => cellValue(c, row))).commit();
      }
      if (s.totals) {
        const r = sheet.addRow(s.columns.map((c, i) => (i === 0 ? 'Total' : c.kind === 'text' ? null : cellValue(c, s.totals as R))));
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
const FIGURE_WIDTH: Record<ExportColumn<unknown>['kind'], number> = { money: 62, quantity: 52, count: 40, text: 64 };

/** Formats a cell for print: money with Indian grouping and two decimals, the rest as it is. */
function printed<R>(c: ExportColumn<R>, row: R): string {
  const v = c.value(row);
  if (v === null || v === undefined || v === '') return '';
  if (c.kind === 'money') return formatIndianMoney(String(v));
  return String(v);
}

/**
 * Streams one sheet as an A4 landscape PDF: a title, a subtitle (the period and filters), the table with its header
 * repeated on every page, and the totals row. The first column takes the width the figures leave.
 */
export function sendPdf<R>(reply: FastifyReply, fileName: string, title: string, subtitle: string, s: ExportSheet<R>) {
  const pen = Pen.create({ autoFirstPage: false, info: { Title: title, Creator: 'Bahi' }, lang: 'en-IN' });
  // The figures' columns keep their widths when they fit beside a first column of 90 points, else all shrink.
  const available = LANDSCAPE.width - 2 * MARGIN;
  const fixed = s.columns.slice(1).reduce((n, c) => n + FIGURE_WIDTH[c.kind], 0);
  const scale = Math.min(1, (available - 90) / fixed);
  const columns = s.columns.map((c, i) => ({
    title: c.header,
    width: i === 0 ? 0 : FIGURE_WIDTH[c.kind] * scale,
    align: (c.kind === 'text' ? 'left' : 'right') as 'left' | 'right',
  }));
  const table = new Table(pen, columns, MARGIN, LANDSCAPE.width - 2 * MARGIN, 7.5);
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
  const draw = (cells: string[], bold = false) => {
    const row = { cells, bold };
    const h = table.rowHeight(row);
    if (top + h > LANDSCAPE.height - MARGIN) newPage();
    top += table.drawRow(row, top, { ruleAbove: bold ? 'strong' : 'light' });
  };
  void (async () => {
    for await (const chunk of s.rows) for (const row of chunk) draw(s.columns.map((c) => printed(c, row)));
    const totals = s.totals;
    if (totals) draw(s.columns.map((c, i) => (i === 0 ? 'Total' : c.kind === 'text' ? '' : printed(c, totals))), true);
    pen.hline(MARGIN, LANDSCAPE.width - MARGIN, top, 0.5);
    pen.doc.end();
  })().catch((e: unknown) => pen.doc.destroy(e as Error));
  return fileHeaders(reply, `${fileName}.pdf`, 'application/pdf').send(pen.doc);
}
