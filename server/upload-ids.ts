// Which uploads a record refers to. Read from the whole document, not from its declared upload fields: images in
// rich text and values of fields no longer declared (which the store keeps) hold uploads too, and a file that is
// still named anywhere must never be deleted.

// An id is 32 hex digits (server/routes/uploads.ts). Absolute URLs and signed links contain the path too. A slash
// may also be written `\/` (JSON allows it) or `%2F` (a URL inside another one). Over-matching only keeps a file
// longer; missing one would delete a file in use.
const SLASH = String.raw`(?:/|\\/|%2f)`;
const UPLOAD_PATH = new RegExp(`${SLASH}api${SLASH}uploads${SLASH}([0-9a-f]{32})`, 'gi');

/** The ids of the uploads named in a record's data (the document, or its JSON text), each once, sorted. */
export function referencedUploadIds(data: unknown): string[] {
  const text = typeof data === 'string' ? data : JSON.stringify(data ?? null);
  const ids = new Set<string>();
  for (const match of text.matchAll(UPLOAD_PATH)) ids.add(match[1]!.toLowerCase());
  return [...ids].sort();
}

// How a file field names one of our uploads: by its path (schema/define.ts isFileAddress); a web address is not one.
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
