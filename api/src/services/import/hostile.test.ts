/**
 * Hostile spreadsheets, made here byte by byte, against the real import endpoints: each is refused with a 4xx in
 * seconds, the server's memory stays where it was, and the next normal import works.
 */
import { IMPORT_MAX_BYTES } from '@bahi/shared/contracts';
import { PARTY_IMPORT_COLUMNS } from '../party/import';
import { createHarness, signUp, type Harness, type SignedUp } from '../../test/harness';
import { SHEET_LIMITS, SHEET_MESSAGES } from './limits';
import { SHEET_XML_HEAD, SHEET_XML_TAIL, deflateRepeated, uploadFile, xlsxFromXml, xlsxOf } from './testing';

let h: Harness;
let owner: SignedUp;
const MB = 1024 * 1024;
/** Generous for a loaded 2-core machine; the old parser took minutes and gigabytes on these files. */
const ANSWER_WITHIN_MS = 30_000;
/** The parser's memory goes back when its thread ends; the old parser kept gigabytes after these files. */
const RSS_GROWTH_MAX = 150 * MB;
const HEAP_GROWTH_MAX = 40 * MB;
/** Building a file, two normal imports and the hostile one, on a loaded machine. */
const TEST_TIMEOUT_MS = 120_000;

interface Hostile {
  name: string;
  file: () => Promise<Buffer>;
  filename: string;
  status: number;
  message: string;
}

const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>Party Name</t></is></c><c r="B1" t="inlineStr"><is><t>Party Type</t></is></c></row>';
const bombBody = (declaredSize?: number) => async () => {
  // 64 MB of spaces in the sheet, deflated to a few hundred kilobytes.
  const sheet = await deflateRepeated(SHEET_XML_HEAD + header, Buffer.alloc(MB, ' '), 64, SHEET_XML_TAIL);
  return xlsxFromXml({ deflated: sheet, declaredSize: declaredSize ?? sheet.size });
};

const HOSTILE: Hostile[] = [
  {
    name: 'a zip bomb whose declared sizes lie',
    file: bombBody(1_000),
    filename: 'parties.xlsx',
    status: 400,
    message: SHEET_MESSAGES.unreadable,
  },
  {
    name: 'a zip bomb that unpacks to more than the limit',
    file: bombBody(),
    filename: 'parties.xlsx',
    status: 413,
    message: SHEET_MESSAGES.tooLargeUnzipped(SHEET_LIMITS.maxUnzippedBytes),
  },
  {
    name: '10,001 rows with one cell at column XFD',
    file: async () => {
      const rows = Array.from({ length: 10_001 }, (_, i) => `<row r="${i + 2}"><c r="XFD${i + 2}" t="inlineStr"><is><t>x</t></is></c></row>`);
      return xlsxFromXml({ data: Buffer.from(SHEET_XML_HEAD + header + rows.join('') + SHEET_XML_TAIL) });
    },
    filename: 'parties.xlsx',
    status: 413,
    message: SHEET_MESSAGES.tooManyColumns('XFD2', SHEET_LIMITS.maxColumns),
  },
  {
    name: 'a million shared strings',
    file: async () => {
      const strings = Array.from({ length: 1_000_000 }, (_, i) => `<si><t>${i.toString(36)}</t></si>`).join('');
      const shared = Buffer.from(`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings}</sst>`);
      const file = xlsxFromXml({ data: Buffer.from(SHEET_XML_HEAD + header + SHEET_XML_TAIL) }, shared);
      expect(file.length).toBeLessThan(IMPORT_MAX_BYTES);
      return file;
    },
    filename: 'parties.xlsx',
    status: 413,
    message: SHEET_MESSAGES.tooManyTexts(SHEET_LIMITS.maxSharedStrings),
  },
  {
    name: 'a .xlsx that is really a PNG',
    file: async () => Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(2048, 7)]),
    filename: 'parties.xlsx',
    status: 415,
    message: SHEET_MESSAGES.notSpreadsheet,
  },
  {
    name: 'a CSV with a giant line',
    file: async () => Buffer.concat([Buffer.from('Party Name,Party Type\r\n'), Buffer.alloc(IMPORT_MAX_BYTES - 100, 'a')]),
    filename: 'parties.csv',
    status: 413,
    message: SHEET_MESSAGES.rowTooLong(2, SHEET_LIMITS.maxColumns * SHEET_LIMITS.maxCellChars),
  },
];

beforeAll(async () => {
  h = await createHarness();
  owner = await signUp(h, { businessName: 'Hostile Files Ltd' });
});
afterAll(() => h.close());

const importParties = (file: Buffer, filename: string) => uploadFile(h.app, '/api/party/bulk-create', file, { cookie: owner.cookie, filename });

let normalImports = 0;
/** A normal file with a party no other import used. */
async function normalImport() {
  normalImports++;
  const row = PARTY_IMPORT_COLUMNS.map((c) => (c.key === 'name' ? `Normal Party ${normalImports}` : c.key === 'partyType' ? 'CUSTOMER' : null));
  return importParties(await xlsxOf([PARTY_IMPORT_COLUMNS.map((c) => c.header), row]), 'parties.xlsx');
}

describe.each(HOSTILE)('$name', ({ file, filename, status, message }) => {
  it(`answers ${status} within seconds; memory stays bounded; the next import succeeds`, async () => {
    const bytes = await file();
    // The server as it is between requests: parser code loaded, one normal import done.
    expect((await normalImport()).statusCode).toBe(201);
    const before = process.memoryUsage();

    const started = performance.now();
    const res = await importParties(bytes, filename);
    const took = performance.now() - started;
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { success: false, message } });
    expect(took).toBeLessThan(ANSWER_WITHIN_MS);

    const next = await normalImport();
    expect(next.statusCode).toBe(201);
    const after = process.memoryUsage();
    expect(after.rss - before.rss).toBeLessThan(RSS_GROWTH_MAX);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(HEAP_GROWTH_MAX);
  }, TEST_TIMEOUT_MS);
});
