/*
 * CSV as the tools export it (RFC 4180): cells joined by commas, lines ended by CRLF, a cell quoted
 * when it holds a comma, quote or line break. A text cell starting with = + - @ tab or CR is prefixed
 * with ' so a spreadsheet never runs it as a formula; numbers are written as they are.
 */

export type CsvCell = string | number | undefined | null;

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\n\r]/;

/** One cell as written: empty for undefined/null, neutralised and quoted where needed. */
export function csvCell(v: CsvCell): string {
  if (v === undefined || v === null) return '';
  const s = typeof v === 'number' ? String(v) : formulaStart.test(v) ? `'${v}` : v;
  return needsQuotes.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A header and rows as one CSV text; every line, the last included, ends with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((line) => `${line.map(csvCell).join(',')}\r\n`).join('');
}
