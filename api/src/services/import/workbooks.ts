import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '@bahi/shared/contracts';
import type { ImportColumn, ImportSpec, RowFailure } from './types';

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF0B5394' } };
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFFFFFFF' } };
const ERROR_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
const ERROR_FONT: Partial<ExcelJS.Font> = { color: { argb: 'FF9C0006' } };
/** Rows of the template's data sheet that get the drop-downs of choice columns. */
const TEMPLATE_VALIDATED_ROWS = 2000;
const EXAMPLE_FONT: Partial<ExcelJS.Font> = { italic: true, color: { argb: 'FF595959' } };

/** The template's data sheet: 'Parties'. */
const sheetName = (spec: ImportSpec<string, unknown, unknown>) => spec.noun.many.charAt(0).toUpperCase() + spec.noun.many.slice(1);

/** The header text of a column as the template writes it: required columns end in '*'. */
export const headerText = (c: ImportColumn) => (c.required ? `${c.header} *` : c.header);

function styleHeader(row: ExcelJS.Row) {
  row.font = HEADER_FONT;
  row.fill = HEADER_FILL;
  row.alignment = { vertical: 'middle', wrapText: true };
  row.height = 30;
}

async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function newWorkbook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Bahi';
  workbook.created = new Date(0);
  return workbook;
}

/**
 * The template: a data sheet with the columns and one example row (text columns formatted as text so Excel keeps
 * leading zeros, choice columns with a drop-down), and a Notes sheet explaining every column.
 */
export async function writeTemplate<K extends string>(spec: ImportSpec<K, unknown, unknown>): Promise<Buffer> {
  const workbook = newWorkbook();
  const sheet = workbook.addWorksheet(sheetName(spec), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((c) => ({
    header: headerText(c),
    key: c.key,
    width: c.width ?? Math.max(14, c.header.length + 4),
    style: c.kind === 'text' ? { numFmt: '@' } : {},
  }));
  styleHeader(sheet.getRow(1));
  const example = sheet.addRow(Object.fromEntries(spec.columns.map((c) => [c.key, c.example ?? null])));
  example.font = EXAMPLE_FONT;
  // Validations go straight to the sheet's list (cell.dataValidation would create a thousand empty rows).
  const { dataValidations } = sheet as unknown as { dataValidations: { add(address: string, v: ExcelJS.DataValidation): void } };
  spec.columns.forEach((c, i) => {
    if (!c.choices?.length) return;
    const letter = sheet.getColumn(i + 1).letter;
    for (let r = 2; r <= TEMPLATE_VALIDATED_ROWS + 1; r++) {
      dataValidations.add(`${letter}${r}`, {
        type: 'list',
        allowBlank: !c.required,
        formulae: [`"${c.choices.join(',')}"`],
        showErrorMessage: true,
        errorTitle: c.header,
        error: `Choose one of: ${c.choices.join(', ')}`,
      });
    }
  });

  const notes = workbook.addWorksheet('Notes');
  notes.columns = [
    { header: 'Column', key: 'column', width: 26 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'What to enter', key: 'note', width: 90 },
  ];
  styleHeader(notes.getRow(1));
  for (const c of spec.columns) {
    const row = notes.addRow({ column: c.header, required: c.required ? 'Yes' : 'No', note: c.note });
    row.alignment = { vertical: 'top', wrapText: true };
  }
  notes.addRow([]);
  const general = [
    `Fill in the "${sheetName(spec)}" sheet: one row per ${spec.noun.one}. Row 2 is an example; replace it or delete it.`,
    'Keep the header row. Columns marked * are required; the other columns may be left empty.',
    `Upload the .xlsx, or the sheet saved as .csv (UTF-8). At most ${(spec.maxRows ?? IMPORT_MAX_ROWS).toLocaleString('en-IN')} rows and 5 MB per file.`,
    `All or nothing: if any row has a problem, no ${spec.noun.one} is added and you get a report listing each such row, its values and the reason for every column that needs fixing. Fix those rows in your file and upload it again.`,
    ...(spec.notes ?? []),
  ];
  for (const line of general) {
    const row = notes.addRow({ column: '', required: '', note: line });
    row.alignment = { wrapText: true, vertical: 'top' };
  }
  return toBuffer(workbook);
}

/**
 * The error report: one row per failed row of the upload — its row number in that file, the values as uploaded,
 * and an Errors column naming each column's problem; cells with a problem are red and carry the reason as a note.
 */
export async function writeErrorReport<K extends string>(
  spec: ImportSpec<K, unknown, unknown>,
  failures: RowFailure<K>[],
  totalRows: number,
): Promise<Buffer> {
  const workbook = newWorkbook();
  const sheet = workbook.addWorksheet('Errors', { views: [{ state: 'frozen', ySplit: 1, xSplit: 1 }] });
  sheet.columns = [
    { header: 'Row', key: '__row', width: 7 },
    ...spec.columns.map((c) => ({
      header: c.header,
      key: c.key,
      width: c.width ?? Math.max(14, c.header.length + 4),
      style: { numFmt: '@' },
    })),
    { header: 'Errors', key: '__errors', width: 70 },
  ];
  styleHeader(sheet.getRow(1));
  const byColumn = new Map(spec.columns.map((c, i) => [c.key, i + 2]));
  for (const failure of failures) {
    const row = sheet.addRow({
      __row: failure.rowNumber,
      ...failure.values,
      __errors: failure.problems
        .map((p) => (p.column ? `${spec.columns.find((c) => c.key === p.column)?.header}: ${p.message}` : p.message))
        .join('\n'),
    });
    row.alignment = { vertical: 'top', wrapText: true };
    for (const p of failure.problems) {
      const col = p.column ? byColumn.get(p.column) : undefined;
      if (!col) continue;
      const cell = row.getCell(col);
      cell.fill = ERROR_FILL;
      cell.font = ERROR_FONT;
      const previous = typeof cell.note === 'string' ? `${cell.note}\n` : '';
      cell.note = `${previous}${p.message}`;
    }
    row.getCell(spec.columns.length + 2).font = ERROR_FONT;
  }

  const summary = workbook.addWorksheet('Summary');
  summary.getColumn(1).width = 100;
  const lines = [
    `${failures.length} of ${totalRows} ${totalRows === 1 ? 'row has' : 'rows have'} problems. Nothing was imported.`,
    'The "Errors" sheet lists each such row with its row number in your file, the values it had, and what to fix.',
    'Fix those rows in your original file and upload it again: every row is imported together, or none.',
  ];
  lines.forEach((line, i) => {
    const cell = summary.getCell(i + 1, 1);
    cell.value = line;
    if (i === 0) cell.font = { bold: true };
  });
  return toBuffer(workbook);
}
