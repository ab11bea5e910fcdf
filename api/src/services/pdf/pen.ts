import PDFDocument from 'pdfkit';
import { fontData, fontFaces, fontRuns, type Weight } from './fonts';

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

/** Distance between two baselines, as a multiple of the font size. */
const LEADING = 1.3;
/** From the top of a line box to its baseline. */
const ASCENT = 0.98;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Width at size 1 of a word in a font, by `${font}\0${word}`. */
const unitWidths = new Map<string, number>();
const UNIT_WIDTHS_MAX = 50_000;

/**
 * Text on a pdfkit document in any of the faces of ./fonts: measures, wraps and draws runs of mixed scripts.
 * A dry pen measures without drawing, so a receipt's height is known before its page is made.
 */
export class Pen {
  /** The text colour last set on which page: setting one costs as much as drawing a short word. */
  private fill = { color: '', page: null as PDFKit.PDFPage | null };

  constructor(
    readonly doc: PDFKit.PDFDocument,
    public dry = false,
  ) {}

  static create(options: PDFKit.PDFDocumentOptions): Pen {
    const doc = new PDFDocument(options);
    for (const face of fontFaces()) {
      for (const weight of [400, 700] as Weight[]) doc.registerFont(`${face.id}-${weight}`, fontData(face, weight));
    }
    return new Pen(doc);
  }

  lineHeight(size: number): number {
    return size * LEADING;
  }

  width(text: string, style: TextStyle): number {
    let w = 0;
    for (const run of fontRuns(text)) w += this.runWidth(run.face.id, run.text, style);
    return w;
  }

  /**
   * pdfkit shapes a run word by word (each word with its trailing space) and caches the shapes per document;
   * the widths are cached here for the process, since shaping is most of the time spent on a page.
   */
  private runWidth(faceId: string, text: string, style: TextStyle): number {
    const font = this.fontName(faceId, style);
    let w = 0;
    for (const word of text.split(/(?<=[ \t])/)) {
      const key = `${font}\u0000${word}`;
      let unit = unitWidths.get(key);
      if (unit === undefined) {
        if (unitWidths.size >= UNIT_WIDTHS_MAX) unitWidths.clear();
        unit = this.doc.font(font).fontSize(1).widthOfString(word);
        unitWidths.set(key, unit);
      }
      w += unit;
    }
    return w * style.size;
  }

  /** Lines of at most `width` points: breaks at spaces, inside a word only when the word alone is too wide. */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(/ +/)) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.width(candidate, style) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = '';
        for (const { segment } of graphemes.segment(word)) {
          if (line && this.width(line + segment, style) > width) {
            lines.push(line);
            line = '';
          }
          line += segment;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /** One line whose box starts at `top`, aligned within `width`; never wraps. */
  line(text: string, x: number, top: number, width: number, style: TextStyle): void {
    if (this.dry || !text) return;
    const align = style.align ?? 'left';
    let cx = align === 'left' ? x : x + width - this.width(text, style);
    if (align === 'center') cx = x + (width - this.width(text, style)) / 2;
    const color = style.color ?? '#000';
    if (color !== this.fill.color || this.doc.page !== this.fill.page) this.doc.fillColor(color);
    this.fill = { color, page: this.doc.page };
    for (const run of fontRuns(text)) {
      this.doc.font(this.fontName(run.face.id, style)).fontSize(style.size);
      this.doc.text(run.text, cx, top + style.size * ASCENT, { lineBreak: false, baseline: 'alphabetic' });
      cx += this.runWidth(run.face.id, run.text, style);
    }
  }

  /** Wrapped text from `top`; returns the height it takes. */
  block(text: string, x: number, top: number, width: number, style: TextStyle): number {
    const lines = this.wrap(text, width, style);
    lines.forEach((l, i) => this.line(l, x, top + i * this.lineHeight(style.size), width, style));
    return lines.length * this.lineHeight(style.size);
  }

  /** Height `block` would take. */
  blockHeight(text: string, width: number, style: TextStyle): number {
    return this.wrap(text, width, style).length * this.lineHeight(style.size);
  }

  hline(x1: number, x2: number, y: number, width = 0.5, color = '#000', dash = 0): void {
    if (this.dry) return;
    this.doc.save().lineWidth(width).strokeColor(color);
    if (dash) this.doc.dash(dash, { space: dash });
    this.doc.moveTo(x1, y).lineTo(x2, y).stroke().restore();
  }

  vline(x: number, y1: number, y2: number, width = 0.5, color = '#000'): void {
    if (this.dry) return;
    this.doc.save().lineWidth(width).strokeColor(color).moveTo(x, y1).lineTo(x, y2).stroke().restore();
  }

  rect(x: number, y: number, w: number, h: number, options: { fill?: string; stroke?: string; width?: number }): void {
    if (this.dry) return;
    this.doc.save().lineWidth(options.width ?? 0.5).rect(x, y, w, h);
    if (options.fill && options.stroke) this.doc.fillAndStroke(options.fill, options.stroke);
    else if (options.fill) this.doc.fill(options.fill);
    else this.doc.stroke(options.stroke ?? '#000');
    this.doc.restore();
  }

  private fontName(faceId: string, style: TextStyle): string {
    return `${faceId}-${style.bold ? 700 : 400}`;
  }
}
