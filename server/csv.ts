import { Readable } from 'node:stream';

// CSV for spreadsheets (RFC 4180: CRLF, quotes doubled), defended against formula injection: a cell a visitor
// typed that starts like a formula is prefixed with ' so Excel, LibreOffice and Sheets show it as text (OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(text).join('; ');
  // An uploaded file: its address.
  if (typeof value === 'object' && 'src' in value && typeof value.src === 'string') return value.src;
  return JSON.stringify(value);
}

export function csvCell(value: unknown): string {
  let cell = text(value);
  // Numbers and booleans are ours, not typed by a visitor: -5 stays a number.
  if (typeof value !== 'number' && typeof value !== 'boolean' && FORMULA_START.test(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** One line of the file, its CRLF included. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}

/**
 * A CSV file sent as it is read: the byte order mark (Excel then reads UTF-8) and the header, then each batch of rows
 * as `batches` yields it, so a large export neither sits in memory at once nor holds the event loop (issue #10).
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<readonly (readonly unknown[])[]>): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    for await (const rows of batches) if (rows.length > 0) yield rows.map(csvLine).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}

/** Records an export reads at a time. */
export const EXPORT_BATCH = 500;

/** `ids` a batch of EXPORT_BATCH at a time, each turned into rows by `read`. */
export async function* inBatches<Row>(ids: readonly number[], read: (ids: number[]) => Promise<Row[]>): AsyncIterable<Row[]> {
  for (let start = 0; start < ids.length; start += EXPORT_BATCH) yield await read(ids.slice(start, start + EXPORT_BATCH));
}
