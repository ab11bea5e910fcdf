import fs from 'node:fs';
import zlib from 'node:zlib';

/**
 * Noto Sans as fontsource ships it: one WOFF file per Unicode subset and weight. pdfkit draws a run in one font
 * with no fallback, so each character is sent to the first face whose subset covers it (Latin, then ₹ and
 * Latin-extended, then each Indian script); fontkit shapes each run (Devanagari conjuncts and matras included).
 */

export type Weight = 400 | 700;

export interface FontFace {
  /** pdfkit's name of the face in one weight: `${id}-${weight}`. */
  id: string;
  ranges: ReadonlyArray<readonly [number, number]>;
  file(weight: Weight): string;
}

const FAMILIES: ReadonlyArray<{ pkg: string; subsets: readonly string[] }> = [
  { pkg: 'noto-sans', subsets: ['latin', 'latin-ext', 'devanagari'] },
  { pkg: 'noto-sans-bengali', subsets: ['bengali'] },
  { pkg: 'noto-sans-tamil', subsets: ['tamil'] },
  { pkg: 'noto-sans-kannada', subsets: ['kannada'] },
  { pkg: 'noto-sans-malayalam', subsets: ['malayalam'] },
];

/** "U+0900-097F,U+20B9" as in fontsource's unicode.json. */
function parseRanges(css: string): Array<[number, number]> {
  return css.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from, 16), parseInt(to ?? from, 16)];
  });
}

let faces: FontFace[] | undefined;

export function fontFaces(): FontFace[] {
  faces ??= FAMILIES.flatMap(({ pkg, subsets }) => {
    const unicode: Record<string, string> = JSON.parse(
      fs.readFileSync(require.resolve(`@fontsource/${pkg}/unicode.json`), 'utf8'),
    );
    return subsets.map((subset) => ({
      id: `${pkg}-${subset}`,
      ranges: parseRanges(unicode[subset]),
      file: (weight: Weight) => require.resolve(`@fontsource/${pkg}/files/${pkg}-${subset}-${weight}-normal.woff`),
    }));
  });
  return faces;
}

const sfntCache = new Map<string, Buffer>();

/**
 * The face as a plain TrueType font. fontkit inflates WOFF tables with a pure-JS inflater on every document
 * (about a second for a page); node's zlib does it once per process.
 */
export function fontData(face: FontFace, weight: Weight): Buffer {
  const file = face.file(weight);
  let sfnt = sfntCache.get(file);
  if (!sfnt) {
    sfnt = woffToSfnt(fs.readFileSync(file));
    sfntCache.set(file, sfnt);
  }
  return sfnt;
}

/** WOFF 1.0 (a header, a table directory, zlib-compressed tables) to the sfnt it wraps. */
function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('Not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? zlib.inflateSync(raw) : raw,
    };
  });
  const padded = (n: number) => (n + 3) & ~3;
  const headerSize = 12 + 16 * numTables;
  const out = Buffer.alloc(tables.reduce((n, t) => n + padded(t.data.length), headerSize));
  const log2 = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** log2 * 16;
  out.writeUInt32BE(woff.readUInt32BE(4), 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(log2, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const record = 12 + i * 16;
    out.writeUInt32BE(t.tag, record);
    out.writeUInt32BE(t.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(t.data.length, record + 12);
    t.data.copy(out, offset);
    offset += padded(t.data.length);
  });
  return out;
}

/** Joiners, the dotted circle and combining marks belong to the run they sit in. */
function inherits(ch: string): boolean {
  return ch === '\u200c' || ch === '\u200d' || ch === '\u25cc' || /^\p{M}$/u.test(ch);
}

function faceIndexFor(cp: number, all: FontFace[]): number {
  const i = all.findIndex((f) => f.ranges.some(([a, b]) => cp >= a && cp <= b));
  return i < 0 ? 0 : i;
}

/** Splits text into runs of one face each. */
export function fontRuns(text: string): Array<{ face: FontFace; text: string }> {
  const all = fontFaces();
  // Most text on an invoice is Latin: skip the per-character search (this runs for every width measured).
  if (/^[\x20-\x7e]*$/.test(text)) return [{ face: all[0], text }];
  const runs: Array<{ face: number; text: string }> = [];
  for (const ch of text) {
    const last = runs[runs.length - 1];
    const face = last && inherits(ch) ? last.face : faceIndexFor(ch.codePointAt(0)!, all);
    if (last && last.face === face) last.text += ch;
    else runs.push({ face, text: ch });
  }
  return runs.map((r) => ({ face: all[r.face], text: r.text }));
}
