import { decodeEscapes } from '../schema/addresses';

// Which uploads a record refers to. Read from the whole document, not from its declared upload fields: images in
// rich text and values of fields no longer declared (which the store keeps) hold uploads too, and a file that is
// still named anywhere must never be deleted.

// An id is 32 hex digits (server/routes/uploads.ts). Absolute URLs and signed links contain the path too. A slash
// may also be written `\/` (JSON allows it) or `%2F` (a URL inside another one). Over-matching only keeps a file
// longer; missing one would delete a file in use.
const SLASH = String.raw`(?:/|\\/|%2f)`;
const UPLOAD_PATH = new RegExp(`${SLASH}api${SLASH}uploads${SLASH}([0-9a-f]{32})`, 'gi');

// A document saved before addresses that reach the API had to be written as read (schema/addresses.ts) may name a
// file `/%61pi/uploads/<id>` or `/api/./uploads/<id>`, which the router and browsers read as /api/uploads/<id>. Its
// text is read once more as they read it: escapes decoded, every backslash (a JSON escape's too) a slash, dot
// segments resolved, repeated slashes one.
const DOT_SEGMENT = /\/\.(?=\/)|\/(?!\.\.\/)[^/]+\/\.\.(?=\/)/g;
function readAsRouted(text: string): string {
  let path = decodeEscapes(text).replaceAll('\\', '/').replace(/\/{2,}/g, '/');
  for (let before = ''; before !== path; ) [before, path] = [path, path.replace(DOT_SEGMENT, '')];
  return path;
}

/** The ids of the uploads named in a record's data (the document, or its JSON text), each once, sorted. */
export function referencedUploadIds(data: unknown): string[] {
  const text = typeof data === 'string' ? data : JSON.stringify(data ?? null);
  const ids = new Set<string>();
  for (const match of text.matchAll(UPLOAD_PATH)) ids.add(match[1]!.toLowerCase());
  if (/[%\\]|\/\.|\/\//.test(text)) for (const match of readAsRouted(text).matchAll(UPLOAD_PATH)) ids.add(match[1]!.toLowerCase());
  return [...ids].sort();
}

// How a file field names one of our uploads: by its path, as written (schema/addresses.ts refuses another way of
// writing it, such as /%61pi/uploads/<id>); a web address is not one.
const OWN_UPLOAD = /^\/api\/uploads\/([^/?#]*)/;
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * The upload a file field's `src` names: its id, `null` for a path under /api/uploads/ that can name none
 * (`/api/uploads/x1`), undefined for anything else (a web address, another path).
 */
export function ownUploadId(src: string): string | null | undefined {
  const match = OWN_UPLOAD.exec(src);
  if (!match) return undefined;
  return UPLOAD_ID.test(match[1]!) ? match[1]! : null;
}
