import type { z } from 'zod';
import type { Tx } from '../../db/client';

/** One column of an import: how the template names and explains it, and how the upload's header is matched. */
export interface ImportColumn<K extends string = string> {
  /** The row object's property the cell lands in (what the schema reads). */
  key: K;
  /** The header in the template (without the '*' that marks required columns). */
  header: string;
  /** Other headers accepted for this column; matching ignores case, spaces, '*' and punctuation. */
  aliases?: readonly string[];
  /** The template marks it with '*' and the upload must have this column; the schema decides about empty cells. */
  required?: boolean;
  /** The example row's value. */
  example?: string | number | null;
  /** The Notes sheet's explanation. */
  note: string;
  /** 'text' formats the template column as text so Excel keeps leading zeros (mobile, PIN, codes). */
  kind?: 'text' | 'number';
  /** A drop-down in the template. */
  choices?: readonly string[];
  width?: number;
}

/** A row's cell texts by column key; blank cells are absent. */
export type ImportRowValues<K extends string> = Partial<Record<K, string>>;

export interface RowProblem<K extends string> {
  /** The column to blame; none for a problem with the row as a whole. */
  column?: K;
  message: string;
}

/** A row that failed, as the error report lists it. */
export interface RowFailure<K extends string> {
  /** Its row number in the uploaded file. */
  rowNumber: number;
  values: ImportRowValues<K>;
  problems: RowProblem<K>[];
}

/** A row that passed the schema. */
export interface ValidRow<K extends string, Row> {
  rowNumber: number;
  values: ImportRowValues<K>;
  row: Row;
}

/** A problem `check` finds with a valid row (e.g. a duplicate of a stored record). */
export interface RowCheckProblem<K extends string> extends RowProblem<K> {
  rowNumber: number;
}

/**
 * What one area's import is: its columns, the schema a row must pass, and how rows are checked against stored
 * data and inserted. `runImport` does the rest (reading, limits, duplicates within the file, all or nothing,
 * the error report) the same way for every area.
 */
export interface ImportSpec<K extends string, Row, Ctx> {
  /**
   * What a row is, in lower case: `many` names the template's data sheet ('Parties') and the files
   * (`parties-import-template.xlsx`, `parties-import-errors.xlsx`).
   */
  noun: { one: string; many: string };
  /**
   * The tables a large import fills, analyzed once it has committed so the planner knows their new size and
   * spread at once: PGlite has no autovacuum, and PostgreSQL's comes later (a stale estimate picked a sequential
   * scan over 10,000 rows for a count; bench/README.md).
   */
  tables?: readonly string[];
  columns: readonly ImportColumn<K>[];
  /**
   * Validates one row, given as `ImportRowValues` (cell texts by key, blanks absent), and turns it into what
   * `insert` takes. Use the same schema as the single create so both say the same thing.
   */
  schema: z.ZodType<Row>;
  /** The column a schema issue concerns; by default the issue path's first key when it is a column key. */
  columnOf?: (path: readonly PropertyKey[]) => K | undefined;
  /** Values that must not repeat within the file: a normalised key per row (undefined: not checked). */
  uniqueWithinFile?: readonly { column: K; key: (values: ImportRowValues<K>) => string | undefined }[];
  /** Serialises writers of one business (taken first in the transaction). */
  lock?: (tx: Tx, ctx: Ctx) => Promise<void>;
  /** Problems of valid rows against stored data, e.g. a name already taken. Runs in the import's transaction. */
  check?: (tx: Tx, rows: ValidRow<K, Row>[], ctx: Ctx) => Promise<RowCheckProblem<K>[]>;
  /** Inserts every row in the import's transaction; called only when no row failed. Use one bulk insert. */
  insert: (tx: Tx, rows: ValidRow<K, Row>[], ctx: Ctx) => Promise<void>;
  /** Extra lines for the template's Notes sheet. */
  notes?: readonly string[];
  /** Rows per file; IMPORT_MAX_ROWS by default. */
  maxRows?: number;
}
