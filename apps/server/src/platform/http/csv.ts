// CSV files for spreadsheets and CRMs: the organizers' exports (decision 0172) and a sponsor's leads.

import { sql, type SQL } from 'drizzle-orm';

/**
 * One CSV cell: a value a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return)
 * gets a leading apostrophe (OWASP "CSV injection"), then every cell is quoted per RFC 4180 (quotes doubled), so
 * commas, quotes and line breaks in notes stay inside their cell.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvRow(values: Array<string | number | boolean | null | undefined>): string {
  return values.map(csvCell).join(',');
}

/**
 * A whole CSV file from its rows (the header first): UTF-8 with a byte-order mark (so Excel reads accents) and CRLF
 * line ends (RFC 4180).
 */
export function csvFile(rows: Array<Array<string | number | boolean | null | undefined>>): string {
  return `\uFEFF${rows.map(csvRow).join('\r\n')}\r\n`;
}

/**
 * The headers of a CSV download: the file's name for the browser's save dialog, and never kept by a cache (it holds
 * people's names and emails).
 */
export const csvHeaders = (fileName: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${fileName}"`,
  'Cache-Control': 'private, no-store',
});

/**
 * SQL: a timestamp column as a spreadsheet reads it, "2026-06-01 09:30:00", in UTC or in the named zone (a column or
 * a value); null stays null. Formatted by the database so PGlite and PostgreSQL give the same text.
 */
export const csvTime = (at: SQL, zone: SQL = sql`'UTC'`) => sql`to_char(${at} at time zone ${zone}, 'YYYY-MM-DD HH24:MI:SS')`;
