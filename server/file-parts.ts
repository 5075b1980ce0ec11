// The file parts of multipart/form-data, read up to their `fileSize` limit and no further. Past the limit busboy
// cuts the file, but @fastify/multipart's toBuffer() (and any reader that waits for the part's end) goes on reading
// the rest of the part, discarded, to its end: a 200 MB upload was read whole before its 413, and a client could
// keep a request going for as long as the body timeout allowed. Refused at the limit, the answer goes out at once
// and the rest of the body is drained within bounds (server/plugins/lingering-close.ts).
import type { Readable } from 'node:stream';

/** As @fastify/multipart names a file past its limit: the routes' own error mapping words it. */
function fileTooLarge(): Error {
  return Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 });
}

/** A file part's bytes; past its `fileSize` limit, FST_REQ_FILE_TOO_LARGE at once. */
export async function readFilePart(file: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await readPart(file, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks);
}

/** Reads a file part to its end, keeping nothing: its size; past its `fileSize` limit, FST_REQ_FILE_TOO_LARGE. */
export async function discardFilePart(file: Readable): Promise<number> {
  let size = 0;
  await readPart(file, (chunk) => (size += chunk.length));
  return size;
}

async function readPart(file: Readable & { truncated?: boolean }, onChunk: (chunk: Buffer) => void): Promise<void> {
  // busboy's word that it cut the file: the reading below ends with this error, and with it @fastify/multipart's
  // reading of the request.
  const cut = () => file.destroy(fileTooLarge());
  file.once('limit', cut);
  try {
    // Iterated, not listened to: a part may come already failed (a body cut off mid-file), which no listener hears.
    for await (const chunk of file) onChunk(chunk as Buffer);
  } finally {
    file.off('limit', cut);
  }
  if (file.truncated) throw fileTooLarge();
}

/**
 * A form field named like a property every JavaScript object has (`constructor`, `toString`, `__proto__`):
 * @fastify/multipart stops reading the form there (FST_PROTO_VIOLATION), so it cannot be ignored as other unknown
 * fields are. Said as it is, not as a malformed form (an outside probe).
 */
export const RESERVED_FIELD_NAME =
  'A form field is named like a built-in property of JavaScript objects (constructor, toString, __proto__…): rename it. Nothing was stored.';
export const isReservedFieldName = (error: unknown) => (error as { code?: string } | null)?.code === 'FST_PROTO_VIOLATION';
