/**
 * Reads the first sheet of an uploaded .xlsx or .csv, told apart by their bytes, within `SheetLimits`. It runs in
 * a worker thread (`worker.cjs`, started by `sheet.ts`), so it imports no module of the API beyond `limits.ts`.
 *
 * An .xlsx is read part by part: yauzl opens the zip from its central directory and inflates only the parts needed
 * (relationships, workbook, shared strings, first sheet), counting the inflated bytes itself; saxes parses each
 * part as it inflates, and only non-empty cells are kept, so a cell at column XFD costs one cell, not 16,384. A
 * CSV goes through csv-parse one record at a time. Every cell is kept as the text it shows: `011001` stays `011001`.
 */
import { isUtf8 } from 'node:buffer';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';
import { SHEET_MESSAGES, SheetError, columnLetters, type SheetLimits } from './limits';

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

const ZIP_SIGNATURE = 0x04034b50;
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Text has no NUL and no control character but tab, line breaks and form feed (a PNG or a PDF has them). */
function isText(data: Buffer): boolean {
  for (const byte of data) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
  return true;
}

function detectKind(data: Buffer): Sheet['kind'] {
  if (data.length >= 4 && data.readUInt32LE(0) === ZIP_SIGNATURE) return 'xlsx';
  if (data.subarray(0, OLE_SIGNATURE.length).equals(OLE_SIGNATURE)) throw new SheetError(415, SHEET_MESSAGES.legacyXls);
  if (!isText(data)) throw new SheetError(415, SHEET_MESSAGES.notSpreadsheet);
  return 'csv';
}

/** Collects rows and holds them to the limits: columns, cell length, characters in all, rows. */
class Rows {
  readonly rows: SheetRow[] = [];
  private chars = 0;

  constructor(private readonly limits: SheetLimits) {}

  /** Checks a non-empty cell before it is kept. */
  check(rowNumber: number, column: number, text: string) {
    const { maxColumns, maxCellChars, maxTextChars } = this.limits;
    const cell = () => `${columnLetters(column)}${rowNumber}`;
    if (column >= maxColumns) throw new SheetError(413, SHEET_MESSAGES.tooManyColumns(cell(), maxColumns));
    if (text.length > maxCellChars) throw new SheetError(413, SHEET_MESSAGES.cellTooLong(cell(), maxCellChars));
    this.chars += text.length;
    if (this.chars > maxTextChars) throw new SheetError(413, SHEET_MESSAGES.tooMuchText(maxTextChars));
  }

  /** A row's checked cells by column (holes are blank); a row without any is skipped. */
  add(rowNumber: number, cells: string[]) {
    if (cells.length === 0) return;
    this.rows.push({ rowNumber, cells: Array.from(cells, (c) => c ?? '') });
    if (this.rows.length > this.limits.maxRows + 1) throw new SheetError(413, SHEET_MESSAGES.tooManyRows(this.limits.maxRows));
  }
}

/** Numbers as a person typed them: no float noise from formulas (0.1 + 0.2 reads 0.3). */
function numberText(value: string): string {
  const n = Number(value);
  if (value === '' || !Number.isFinite(n)) return value;
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15)));
}

/** 'x:row' -> 'row': some writers prefix the spreadsheet namespace. */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** 'BC12' -> 54 (0-based), or -1 when it is not a cell reference within XFD. */
function columnOf(ref: string): number {
  const letters = /^([A-Z]{1,3})\d*$/.exec(ref)?.[1];
  if (!letters) return -1;
  let index = 0;
  for (const ch of letters) index = index * 26 + (ch.charCodeAt(0) - 64);
  return index <= 16_384 ? index - 1 : -1;
}

type Tag = SaxesTagPlain;
interface XmlHandlers {
  open?(tag: Tag): void;
  close?(tag: Tag): void;
  text?(text: string): void;
}

interface Relationship {
  type: string;
  target: string;
}

class Workbook {
  private readonly entries = new Map<string, yauzl.Entry>();
  private inflated = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly limits: SheetLimits,
  ) {}

  static async open(data: Buffer, limits: SheetLimits): Promise<Workbook> {
    let zip: yauzl.ZipFile;
    try {
      zip = await yauzl.fromBufferPromise(data, { validateEntrySizes: true, strictFileNames: false });
    } catch {
      throw new SheetError(400, SHEET_MESSAGES.unreadable);
    }
    const book = new Workbook(zip, limits);
    for await (const entry of zip.eachEntry()) {
      if (book.entries.size >= limits.maxZipEntries) throw new SheetError(413, SHEET_MESSAGES.tooManyParts(limits.maxZipEntries));
      book.entries.set(entry.fileName.replace(/^\/+/, ''), entry);
    }
    return book;
  }

  has(name: string) {
    return this.entries.has(name);
  }

  /** Streams one part through an XML parser, counting what it inflates against the limit. */
  async read(name: string, handlers: XmlHandlers): Promise<void> {
    const entry = this.entries.get(name);
    if (!entry) throw new SheetError(400, SHEET_MESSAGES.unreadable);
    const parser = new SaxesParser();
    if (handlers.open) parser.on('opentag', handlers.open);
    if (handlers.close) parser.on('closetag', handlers.close);
    if (handlers.text) {
      parser.on('text', handlers.text);
      parser.on('cdata', handlers.text);
    }
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const stream = await this.zip.openReadStreamPromise(entry);
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        this.inflated += chunk.length;
        if (this.inflated > this.limits.maxUnzippedBytes) {
          throw new SheetError(413, SHEET_MESSAGES.tooLargeUnzipped(this.limits.maxUnzippedBytes));
        }
        parser.write(decoder.decode(chunk, { stream: true }));
      }
      parser.write(decoder.decode());
      parser.close();
    } finally {
      stream.destroy();
    }
  }

  /** The relationships of a part, by id, with targets as paths inside the zip. */
  async relationships(part: string): Promise<Map<string, Relationship>> {
    const dir = path.posix.dirname(part);
    const name = path.posix.join(dir === '.' ? '' : dir, '_rels', `${path.posix.basename(part)}.rels`);
    const rels = new Map<string, Relationship>();
    if (!this.has(name)) return rels;
    await this.read(name, {
      open: (tag) => {
        if (local(tag.name) !== 'Relationship' || tag.attributes.TargetMode === 'External') return;
        const target = tag.attributes.Target ?? '';
        const resolved = target.startsWith('/') ? target.slice(1) : path.posix.join(dir === '.' ? '' : dir, target);
        rels.set(tag.attributes.Id ?? '', { type: tag.attributes.Type ?? '', target: path.posix.normalize(resolved) });
      },
    });
    return rels;
  }
}

const byType = (rels: Map<string, Relationship>, type: string) => [...rels.values()].find((r) => r.type.endsWith(`/${type}`))?.target;

/** The workbook part, its first sheet and its shared strings, as the relationships name them. */
async function locateParts(book: Workbook): Promise<{ sheet: string; sharedStrings?: string }> {
  const workbook = byType(await book.relationships(''), 'officeDocument') ?? 'xl/workbook.xml';
  // A zip that is not a workbook (a .docx, an archive) is a wrong file type, not a broken spreadsheet.
  if (!book.has(workbook)) throw new SheetError(415, SHEET_MESSAGES.notSpreadsheet);
  let root = '';
  let firstSheet: string | undefined;
  await book.read(workbook, {
    open: (tag) => {
      const name = local(tag.name);
      if (!root) root = name;
      if (name !== 'sheet' || firstSheet !== undefined) return;
      const idAttribute = Object.keys(tag.attributes).find((a) => a.includes(':') && local(a) === 'id');
      firstSheet = idAttribute ? tag.attributes[idAttribute] : '';
    },
  });
  if (root !== 'workbook') throw new SheetError(415, SHEET_MESSAGES.notSpreadsheet);
  const rels = await book.relationships(workbook);
  const sheet = (firstSheet && rels.get(firstSheet)?.target) || 'xl/worksheets/sheet1.xml';
  return { sheet, sharedStrings: byType(rels, 'sharedStrings') };
}

/** Over-long entries are kept as null: refused only when a cell uses them, naming that cell. */
async function readSharedStrings(book: Workbook, part: string, limits: SheetLimits): Promise<(string | null)[]> {
  const strings: (string | null)[] = [];
  let inItem = false;
  let inText = false;
  let phonetic = 0;
  let text = '';
  let tooLong = false;
  await book.read(part, {
    open: (tag) => {
      const name = local(tag.name);
      if (name === 'si') {
        inItem = true;
        text = '';
        tooLong = false;
      } else if (name === 'rPh') phonetic++;
      // Phonetic guides (rPh) repeat the text's reading: not part of it.
      else if (name === 't') inText = inItem && phonetic === 0;
    },
    text: (t) => {
      if (!inText || tooLong) return;
      text += t;
      if (text.length > limits.maxCellChars) {
        tooLong = true;
        text = '';
      }
    },
    close: (tag) => {
      const name = local(tag.name);
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') {
        if (strings.length >= limits.maxSharedStrings) throw new SheetError(413, SHEET_MESSAGES.tooManyTexts(limits.maxSharedStrings));
        strings.push(tooLong ? null : text.trim());
        inItem = false;
      }
    },
  });
  return strings;
}

async function readWorksheet(book: Workbook, part: string, shared: (string | null)[], limits: SheetLimits): Promise<SheetRow[]> {
  const rows = new Rows(limits);
  let rowNumber = 0;
  let cells: string[] = [];
  let column = -1;
  let type = '';
  let value = '';
  let inCell = false;
  let inInline = false;
  let capture = false;
  let phonetic = 0;
  const cellName = () => `${columnLetters(column)}${rowNumber}`;

  const cellText = (): string => {
    switch (type) {
      case 's': {
        const index = Number(value);
        if (!Number.isInteger(index) || index < 0 || index >= shared.length) throw new SheetError(400, SHEET_MESSAGES.unreadable);
        const text = shared[index];
        if (text === null) throw new SheetError(413, SHEET_MESSAGES.cellTooLong(cellName(), limits.maxCellChars));
        return text;
      }
      case 'b':
        return value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : value.trim();
      case 'inlineStr':
      case 'str':
      case 'e':
      case 'd':
        return value.trim();
      default:
        return numberText(value.trim());
    }
  };

  await book.read(part, {
    open: (tag) => {
      switch (local(tag.name)) {
        case 'row': {
          const r = tag.attributes.r;
          rowNumber = r === undefined ? rowNumber + 1 : Number(r);
          if (!Number.isInteger(rowNumber) || rowNumber < 1 || rowNumber > 1_048_576) throw new SheetError(400, SHEET_MESSAGES.unreadable);
          cells = [];
          column = -1;
          break;
        }
        case 'c': {
          const r = tag.attributes.r;
          column = r === undefined ? column + 1 : columnOf(r);
          if (column < 0) throw new SheetError(400, SHEET_MESSAGES.unreadable);
          type = tag.attributes.t ?? 'n';
          value = '';
          inCell = true;
          break;
        }
        case 'v':
          capture = inCell;
          break;
        case 'is':
          inInline = inCell;
          break;
        case 'rPh':
          phonetic++;
          break;
        case 't':
          capture = inInline && phonetic === 0;
          break;
      }
    },
    text: (t) => {
      if (!capture) return;
      value += t;
      // Stop a giant value while it grows rather than after it is whole.
      if (value.length > limits.maxCellChars && type !== 's') {
        throw new SheetError(413, SHEET_MESSAGES.cellTooLong(cellName(), limits.maxCellChars));
      }
    },
    close: (tag) => {
      switch (local(tag.name)) {
        case 'v':
        case 't':
          capture = false;
          break;
        case 'is':
          inInline = false;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'c': {
          inCell = false;
          const text = cellText();
          if (text === '') break;
          rows.check(rowNumber, column, text);
          cells[column] = text;
          break;
        }
        case 'row':
          rows.add(rowNumber, cells);
          break;
      }
    },
  });
  return rows.rows;
}

async function readXlsx(data: Buffer, limits: SheetLimits): Promise<SheetRow[]> {
  const book = await Workbook.open(data, limits);
  const { sheet, sharedStrings } = await locateParts(book);
  const shared = sharedStrings && book.has(sharedStrings) ? await readSharedStrings(book, sharedStrings, limits) : [];
  return readWorksheet(book, sheet, shared, limits);
}

/** Windows-1252's characters at 0x80-0x9F, where it differs from Latin-1 (Node's TextDecoder treats them alike). */
const CP1252_HIGH = '€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ';
const windows1252 = (data: Buffer) => data.toString('latin1').replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);

function* slices(text: string, size: number) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function readCsv(data: Buffer, limits: SheetLimits): Promise<SheetRow[]> {
  // Excel's "CSV UTF-8" is UTF-8; its plain "CSV" is the Windows code page.
  let text = isUtf8(data) ? data.toString('utf8') : windows1252(data);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const maxRowChars = limits.maxColumns * limits.maxCellChars;
  const parser = Readable.from(slices(text, 64 * 1024)).pipe(
    parseCsv({ relax_column_count: true, relax_quotes: true, skip_empty_lines: false, max_record_size: maxRowChars }),
  );
  const rows = new Rows(limits);
  // Records, not lines: a quoted cell may span lines, and a spreadsheet shows it as one row.
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber++;
      const cells: string[] = [];
      record.forEach((raw, column) => {
        const cell = raw.trim();
        if (cell === '') return;
        rows.check(rowNumber, column, cell);
        cells[column] = cell;
      });
      rows.add(rowNumber, cells);
    }
  } catch (e) {
    const { code, records } = e as { code?: string; records?: number };
    // The records before it may not have reached the loop yet: the parser counts them.
    if (code === 'CSV_MAX_RECORD_SIZE') throw new SheetError(413, SHEET_MESSAGES.rowTooLong((records ?? rowNumber) + 1, maxRowChars));
    throw e;
  } finally {
    parser.destroy();
  }
  return rows.rows;
}

/**
 * Every non-blank row of the first sheet, the header included. A file that is neither .xlsx nor text answers 415,
 * one beyond the limits 413, one that cannot be read 400 (all as `SheetError`).
 */
export async function parseSheet(data: Buffer, limits: SheetLimits): Promise<Sheet> {
  const kind = detectKind(data);
  try {
    return { kind, rows: kind === 'xlsx' ? await readXlsx(data, limits) : await readCsv(data, limits) };
  } catch (e) {
    if (e instanceof SheetError) throw e;
    throw new SheetError(400, SHEET_MESSAGES.unreadable);
  }
}
