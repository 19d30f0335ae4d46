import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

/**
 * A CSV download as a spreadsheet would read it: the answer's type and file name checked, the byte-order mark
 * dropped, and the cells of each row unquoted (RFC 4180: quoted cells, doubled quotes, CRLF between rows).
 */
export async function readCsv(response: Response, fileName: string): Promise<string[][]> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`);
  const text = (await response.text()).replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  return rows;
}

/** The rows as objects by the header's names, for asserting a row's cells by column. */
export function byHeader(rows: string[][]): Array<Record<string, string>> {
  const [header = [], ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])));
}

/** An organizer's export refused to everyone else: another event's organizer and an attendee (403/404), a visitor (401). */
export async function expectExportRefused(server: TestServer, path: string, refused: { headers: Headers }[]): Promise<void> {
  for (const person of refused) expect([403, 404]).toContain((await server.send('GET', path, person.headers)).status);
  expect((await server.send('GET', path)).status).toBe(401);
}
