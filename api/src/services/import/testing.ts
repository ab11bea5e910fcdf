/** Test helpers for spreadsheet imports: build .xlsx/.csv files, upload them as the browser does, read reports. */
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../db/client';

export type Cells = (string | number | null | undefined)[];

/** An .xlsx whose first sheet holds these rows (the first row is the header). */
export async function xlsxOf(rows: Cells[], sheetName = 'Sheet1'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row.map((v) => (v === undefined ? null : v)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface ZipFileSpec {
  name: string;
  /** Deflated as given; `deflated` is taken as is (a bomb built chunk by chunk). */
  data?: Buffer;
  deflated?: { bytes: Buffer; crc32: number; size: number };
  /** What the zip's headers claim the file unpacks to: the truth unless a test makes it lie. */
  declaredSize?: number;
}

/** A zip header: little-endian fields of 2 or 4 bytes at their offsets, the rest zero. */
function header(size: number, fields: [offset: number, bytes: 2 | 4, value: number][]): Buffer {
  const b = Buffer.alloc(size);
  for (const [offset, bytes, value] of fields) {
    if (bytes === 2) b.writeUInt16LE(value, offset);
    else b.writeUInt32LE(value, offset);
  }
  return b;
}

/** A zip written here, byte by byte, so that a test can make its headers lie. */
export function zipOf(files: ZipFileSpec[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const body = file.deflated ?? { bytes: zlib.deflateRawSync(file.data!), crc32: zlib.crc32(file.data!), size: file.data!.length };
    const declared = file.declaredSize ?? body.size;
    // Signature, version, method 8 (deflate), CRC-32, compressed size, size, name length; the central entry adds
    // where the local one starts.
    const local = header(30, [[0, 4, 0x04034b50], [4, 2, 20], [8, 2, 8], [14, 4, body.crc32], [18, 4, body.bytes.length], [22, 4, declared], [26, 2, name.length]]);
    const entry = header(46, [
      [0, 4, 0x02014b50], [4, 2, 20], [6, 2, 20], [10, 2, 8], [16, 4, body.crc32], [20, 4, body.bytes.length], [24, 4, declared], [28, 2, name.length], [42, 4, offset],
    ]);
    chunks.push(local, name, body.bytes);
    central.push(entry, name);
    offset += local.length + name.length + body.bytes.length;
  }
  const directory = Buffer.concat(central);
  const end = header(22, [[0, 4, 0x06054b50], [8, 2, files.length], [10, 2, files.length], [12, 4, directory.length], [16, 4, offset]]);
  return Buffer.concat([...chunks, directory, end]);
}

/** `times` copies of `chunk` deflated without ever holding them all: a bomb's body. */
export async function deflateRepeated(head: string, chunk: Buffer, times: number, tail: string): Promise<NonNullable<ZipFileSpec['deflated']>> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = zlib.crc32(head);
  const write = (b: Buffer) => new Promise<void>((resolve) => (deflate.write(b) ? resolve() : deflate.once('drain', () => resolve())));
  await write(Buffer.from(head));
  for (let i = 0; i < times; i++) {
    crc = zlib.crc32(chunk, crc);
    await write(chunk);
  }
  crc = zlib.crc32(tail, crc);
  deflate.end(Buffer.from(tail));
  await done;
  return { bytes: Buffer.concat(out), crc32: crc, size: Buffer.byteLength(head) + chunk.length * times + Buffer.byteLength(tail) };
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
export const SHEET_XML_HEAD = `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetData>`;
export const SHEET_XML_TAIL = '</sheetData></worksheet>';

/**
 * A minimal .xlsx around a worksheet's XML (and a shared-strings table), for workbooks no spreadsheet program
 * would write. Give `sheet` as raw bytes, or deflated (with the size it declares) for a bomb.
 */
export function xlsxFromXml(sheet: Omit<ZipFileSpec, 'name'>, sharedStrings?: Buffer): Buffer {
  const xml = (s: string) => Buffer.from(XML_HEAD + s);
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="${REL_NS}/${type}" Target="${target}"/>`;
  const rels = (...r: string[]) => xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${r.join('')}</Relationships>`);
  return zipOf([
    { name: '[Content_Types].xml', data: xml('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
    { name: '_rels/.rels', data: rels(rel('rId1', 'officeDocument', 'xl/workbook.xml')) },
    { name: 'xl/workbook.xml', data: xml(`<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: rels(rel('rId1', 'worksheet', 'worksheets/sheet1.xml'), ...(sharedStrings ? [rel('rId2', 'sharedStrings', 'sharedStrings.xml')] : [])),
    },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
    ...(sharedStrings ? [{ name: 'xl/sharedStrings.xml', data: sharedStrings }] : []),
  ]);
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

/** The text of a cell as exceljs reads it: rich text, hyperlinks (emails), formulas' results, numbers. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; formula?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if (v.formula !== undefined) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
  }
  return String(value);
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

/**
 * Makes every insert into `table` whose new row matches `when` (SQL over `new`) fail, as a database can fail half-way
 * through an import; answers the undo.
 */
export async function failInserts(db: Db, table: string, when: string): Promise<() => Promise<void>> {
  const name = `test_fail_${table}`;
  await db.execute(sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`));
  await db.execute(sql.raw(`create trigger ${name} after insert on ${table} for each row when (${when}) execute function ${name}()`));
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}
