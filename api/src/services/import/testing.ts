/** Test helpers for spreadsheet imports: build .xlsx/.csv files, upload them as the browser does, read reports. */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { cellText } from './sheet';

export type Cells = (string | number | null | undefined)[];

/** An .xlsx whose first sheet holds these rows (the first row is the header). */
export async function xlsxOf(rows: Cells[], sheetName = 'Sheet1'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row.map((v) => (v === undefined ? null : v)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV of these rows, quoted where needed. */
export function csvOf(rows: Cells[], { bom = false } = {}): Buffer {
  const cell = (v: Cells[number]) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const text = rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
  return Buffer.from((bom ? '\ufeff' : '') + text, 'utf8');
}

/** POSTs one file as multipart/form-data, with the CSRF header the shared client sends. */
export function uploadFile(
  app: FastifyInstance,
  url: string,
  file: Buffer,
  opts: { cookie?: string; filename?: string; contentType?: string; field?: string } = {},
): Promise<LightMyRequestResponse> {
  const boundary = `----bahi${randomBytes(8).toString('hex')}`;
  const filename = opts.filename ?? 'upload.xlsx';
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${filename}"\r\n` +
    `Content-Type: ${opts.contentType ?? 'application/octet-stream'}\r\n\r\n`;
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'XMLHttpRequest',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

/** Every sheet of a workbook as rows of cell texts (row 1 first), with each cell's note where it has one. */
export async function readWorkbook(
  data: Buffer,
): Promise<Record<string, { rows: string[][]; notes: Record<string, string> }>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const out: Record<string, { rows: string[][]; notes: Record<string, string> }> = {};
  workbook.eachSheet((sheet) => {
    const rows: string[][] = [];
    const notes: Record<string, string> = {};
    sheet.eachRow({ includeEmpty: true }, (row, n) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, c) => {
        cells[c - 1] = cellText(cell.value);
        const note = cell.note;
        if (note) notes[cell.address] = typeof note === 'string' ? note : (note.texts ?? []).map((t) => t.text).join('');
      });
      rows[n - 1] = Array.from(cells, (c) => c ?? '');
    });
    out[sheet.name] = { rows: Array.from(rows, (r) => r ?? []), notes };
  });
  return out;
}
