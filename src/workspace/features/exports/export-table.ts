/** A value of an exported cell: text, a number, or nothing. */
export type Cell = string | number | null;

/** Rows to export as data (CSV, XLSX, GeoJSON, GeoPackage): machine names and stored codes. */
export interface ExportTable<K extends string = string> {
  /** After the product prefix in file names, and the GeoPackage table: 'database'. */
  name: string;
  /** The spreadsheet's sheet: 'Database'. */
  sheet: string;
  columns: readonly K[];
  rows: readonly Record<K, Cell>[];
  /**
   * The same rows for French Excel (headings and codes in French, numbers as numbers), when the
   * list offers them: the menu then has « CSV pour Excel » beside « CSV pour SIG ».
   */
  excel?: { headings: readonly string[]; rows: readonly (readonly Cell[])[] };
}

/** The same rows as a document to read (PDF): French headings and labels. */
export interface PrintedTable {
  title: string;
  subtitle: string;
  headings: readonly string[];
  body: readonly (readonly string[])[];
}

/** The file name of an export: `geosonde-database.xlsx`. */
export const exportFileName = (name: string, extension: string) => `geosonde-${name}.${extension}`;
