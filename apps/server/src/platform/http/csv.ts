// CSV files for spreadsheets and CRMs (the leads export, the registrations export).

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
