import type { Pen, TextStyle } from './pen';

export interface Column {
  title: string;
  /** Columns with the same group share a header cell above their own ("CGST" over "Rate" and "Amount"). */
  group?: string;
  /** Points; 0 for the one column that takes the rest of the width. */
  width: number;
  align: 'left' | 'right' | 'center';
}

export interface Row {
  cells: string[];
  /** A smaller grey line under a cell's text (an item's description). */
  notes?: Record<number, string>;
  bold?: boolean;
}

const PAD_X = 3;
const PAD_Y = 2;
const MIN_FIT_SIZE = 5.5;

/**
 * A ruled table on a paginated page. `ensure(height)` is asked before every row and starts a new page when the
 * row does not fit; the header is then drawn again at the top of the new page.
 */
export class Table {
  private readonly widths: number[];

  constructor(
    private readonly pen: Pen,
    private readonly columns: Column[],
    private readonly x: number,
    private readonly width: number,
    private readonly size: number,
  ) {
    const fixed = columns.reduce((n, c) => n + c.width, 0);
    this.widths = columns.map((c) => c.width || width - fixed);
  }

  private lefts(): number[] {
    let x = this.x;
    return this.widths.map((w) => {
      const left = x;
      x += w;
      return left;
    });
  }

  headerHeight(): number {
    const style = { size: this.size - 0.5, bold: true };
    const grouped = this.columns.some((c) => c.group);
    const titleLines = Math.max(
      ...this.columns.map((c, i) => this.pen.wrap(c.title, this.widths[i] - 2 * PAD_X, style).length + (c.group ? 1 : 0)),
      grouped ? 2 : 1,
    );
    return titleLines * this.pen.lineHeight(style.size) + 2 * PAD_Y;
  }

  drawHeader(top: number): number {
    const pen = this.pen;
    const style: TextStyle = { size: this.size - 0.5, bold: true, align: 'center' };
    const h = this.headerHeight();
    const lh = pen.lineHeight(style.size);
    const lefts = this.lefts();
    pen.rect(this.x, top, this.width, h, { fill: '#eef1f5' });
    const mid = top + PAD_Y + lh + 1;
    this.columns.forEach((c, i) => {
      const left = lefts[i];
      const w = this.widths[i] - 2 * PAD_X;
      const lines = pen.wrap(c.title, w, style);
      if (c.group) {
        if (this.columns[i - 1]?.group !== c.group) {
          const groupWidth = this.columns.reduce((n, o, j) => (o.group === c.group ? n + this.widths[j] : n), 0);
          pen.line(c.group, left, top + PAD_Y, groupWidth, style);
          pen.hline(left, left + groupWidth, mid);
        }
        lines.forEach((l, k) => pen.line(l, left + PAD_X, mid + PAD_Y / 2 + k * lh, w, style));
      } else {
        const textTop = top + (h - lines.length * lh) / 2;
        lines.forEach((l, k) => pen.line(l, left + PAD_X, textTop + k * lh, w, style));
      }
      const sameGroup = c.group && this.columns[i - 1]?.group === c.group;
      if (i > 0) pen.vline(left, sameGroup ? mid : top, top + h);
    });
    pen.rect(this.x, top, this.width, h, { stroke: '#000' });
    return h;
  }

  private cellStyle(row: Row, c: Column): TextStyle {
    return { size: this.size, bold: row.bold, align: c.align };
  }

  private noteStyle(): TextStyle {
    return { size: this.size - 1, color: '#555' };
  }

  /** Figures never wrap: a figure too wide for its column is set smaller. */
  private fitted(text: string, width: number, style: TextStyle): TextStyle {
    let size = style.size;
    while (size > MIN_FIT_SIZE && this.pen.width(text, { ...style, size }) > width) size -= 0.25;
    return { ...style, size };
  }

  rowHeight(row: Row): number {
    const pen = this.pen;
    const heights = this.columns.map((c, i) => {
      const w = this.widths[i] - 2 * PAD_X;
      if (c.align !== 'left') return pen.lineHeight(this.size);
      const note = row.notes?.[i];
      return (
        pen.blockHeight(row.cells[i] ?? '', w, this.cellStyle(row, c)) +
        (note ? pen.blockHeight(note, w, this.noteStyle()) : 0)
      );
    });
    return Math.max(...heights) + 2 * PAD_Y;
  }

  /** Draws a row at `top` (the caller has made room for `rowHeight(row)`); returns its height. */
  drawRow(row: Row, top: number, options: { ruleAbove?: 'strong' | 'light' } = {}): number {
    const pen = this.pen;
    const h = this.rowHeight(row);
    const lefts = this.lefts();
    this.columns.forEach((c, i) => {
      const left = lefts[i];
      const w = this.widths[i] - 2 * PAD_X;
      const text = row.cells[i] ?? '';
      if (c.align === 'left') {
        const used = pen.block(text, left + PAD_X, top + PAD_Y, w, this.cellStyle(row, c));
        const note = row.notes?.[i];
        if (note) pen.block(note, left + PAD_X, top + PAD_Y + used, w, this.noteStyle());
      } else {
        pen.line(text, left + PAD_X, top + PAD_Y, w, this.fitted(text, w, this.cellStyle(row, c)));
      }
      pen.vline(left, top, top + h);
    });
    pen.vline(this.x + this.width, top, top + h);
    if (options.ruleAbove === 'strong') pen.hline(this.x, this.x + this.width, top, 0.75);
    if (options.ruleAbove === 'light') pen.hline(this.x + 0.5, this.x + this.width - 0.5, top, 0.3, '#c8c8c8');
    return h;
  }
}
