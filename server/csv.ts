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

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
