// What a file is, read from its bytes, and whether it may be stored: the one check for files from the console
// (POST /api/uploads) and from the website's forms (a CV). A file's name and declared type are never trusted.
import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import {
  DEFAULT_MAX_IMAGE_PIXELS,
  DOCUMENT_MAX_UNPACK_RATIO,
  DOCUMENT_MAX_UNPACKED_BYTES,
  MB,
  UPLOAD_KINDS,
  UPLOAD_RULES,
  type UploadKind,
  type UploadRule,
} from '../schema/uploads';
import { LONE_SURROGATE, NAME_HIDDEN_CHARACTERS } from '../schema/define';
import type { Upload } from './repositories/uploads';
import { imageDimensions, jpegSegments, shownDimensions } from './image-dimensions';
import { withoutLocation } from './image-location';

export const FILENAME_MAX_LENGTH = 200;

export interface Accepted {
  kind: UploadKind;
  mime: string;
  extensions: readonly string[];
}

// What file-type reports (by magic bytes) → what we accept and serve it as (schema/uploads.ts).
const ACCEPTED: Record<string, Accepted> = Object.fromEntries(
  UPLOAD_KINDS.flatMap((kind) => UPLOAD_RULES[kind].types.map(({ mime, extensions }) => [mime, { kind, mime, extensions }])),
);
const WORD_97 = ACCEPTED['application/msword']!;
// Old .doc files are OLE compound files, like .xls, .ppt and .msi installers: only those holding a Word stream
// (its directory entry name, UTF-16) pass.
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

export async function detect(bytes: Buffer): Promise<Accepted | undefined> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type) return undefined;
  if (type.ext === 'cfb') return bytes.includes(WORD_STREAM) ? WORD_97 : undefined;
  // Only the stream check above may answer Word 97.
  return type.mime === WORD_97.mime ? undefined : ACCEPTED[type.mime];
}

const KNOWN_EXTENSIONS = new Set(Object.values(ACCEPTED).flatMap((accepted) => accepted.extensions));

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** The name the file is offered under: no path, no control characters, an extension matching its real type. */
export function cleanFilename(original: string | undefined, accepted: Accepted): string {
  const base = (original ?? '')
    // Browsers escape these three in multipart file names (HTML spec); quotes are then dropped below.
    .replace(/%22/g, '"')
    .replace(/%0[AD]/gi, '')
    .normalize('NFC')
    .split(/[/\\]/)
    .pop()!
    // Control characters (C1 included) and bidi controls ('cv\u202Efdp.exe' shows as 'cvexe.pdf'): the rule of one-line text.
    .replace(NAME_HIDDEN_CHARACTERS, '')
    .replace(/"/g, '')
    // Half of an emoji (a name sent as UTF-16 and cut, or made up): no character at all, and a broken one in storage.
    .replace(LONE_SURROGATES, '')
    .replace(/\s+/g, ' ')
    .trim();
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  // 'report.pdf' holding a PNG becomes 'report.png'; 'plan.v2' holding a PDF becomes 'plan.v2.pdf'.
  const matches = accepted.extensions.includes(extension);
  const stem = (matches || KNOWN_EXTENSIONS.has(extension) ? base.slice(0, dot) : base) || 'file';
  const suffix = `.${matches ? extension : accepted.extensions[0]}`;
  // Cut at a character, not between the two halves of an emoji.
  const kept = stem.slice(0, FILENAME_MAX_LENGTH - suffix.length).replace(LONE_SURROGATES, '').trim();
  return `${kept}${suffix}`;
}

/** An upload ready to insert (server/repositories/uploads.ts). */
export type NewUpload = Omit<Upload, 'createdAt'>;

/**
 * A file that may be stored, or why not: empty, not of an accepted type, over the size limit of its rule, an image of
 * too many pixels, a document that unpacks too far (a decompression bomb), or a file whose structure cannot be read
 * or that is cut short.
 */
export type FileCheck =
  | { upload: NewUpload }
  | { refused: 'empty' }
  | { refused: 'type' }
  | { refused: 'size'; rule: UploadRule }
  | { refused: 'pixels'; width: number; height: number; maxPixels: number }
  | { refused: 'unpacks'; message: string }
  | { refused: 'damaged'; message: string };

// ---- Files cut short: an upload that stopped part-way passed every check above, as a 30-byte PNG did ------------------

const PNG_IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const JPEG_EOI = Buffer.from([0xff, 0xd9]);
const PDF_EOF = Buffer.from('%%EOF', 'latin1');

/**
 * Whether a file stops before the end its format marks, read from its head and tail (a full search only when the
 * tail is not the end marker): never decoded. Bytes after the end are left alone, as readers ignore them, except in
 * a GIF, whose one-byte trailer cannot be told from the data before it.
 */
export function cutShort(bytes: Buffer, mime: string): boolean {
  if (mime === 'image/png') {
    // IHDR first (13 bytes of data), and the IEND chunk: its 12 bytes, CRC included, do not turn up in image data.
    if (bytes.length < 8 + 25 + 12 || bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return true;
    return !bytes.subarray(-12).equals(PNG_IEND) && bytes.lastIndexOf(PNG_IEND) < 33;
  }
  if (mime === 'image/gif') {
    // The trailer (3B) after a block terminator (00): every block ends with one, so a cut lands here 1 in 65536 times.
    return bytes.length < 15 || bytes[bytes.length - 2] !== 0x00 || bytes[bytes.length - 1] !== 0x3b;
  }
  if (mime === 'image/webp') {
    // RIFF's size counts what follows its first 8 bytes; libwebp ignores bytes past it, and so do we.
    if (bytes.length < 20 || bytes.toString('latin1', 8, 12) !== 'WEBP') return true;
    const end = 8 + bytes.readUInt32LE(4);
    return end > bytes.length || 20 + bytes.readUInt32LE(16) > end;
  }
  if (mime === 'image/jpeg') {
    let scan: number | undefined;
    for (const offset of jpegSegments(bytes)) {
      if (bytes[offset + 1] === 0xda) {
        scan = offset;
        break;
      }
    }
    if (scan === undefined) return true;
    if (bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9) return false;
    // Phones write data after the end of image (Samsung's trailer, a motion photo's video): an EOI after the scan
    // starts is enough, and coded data cannot hold FF D9 but as one.
    return bytes.indexOf(JPEG_EOI, scan) < 0;
  }
  if (mime === 'application/pdf') {
    // A PDF cut before its last %%EOF has lost its trailer and cross-reference table at least. Anywhere, not Acrobat's
    // "in the last 1024 bytes": files carry more after it, and readers take them (tests/api/upload-lifecycle.test.ts).
    // An updated or linearized PDF cut after an earlier %%EOF still passes.
    return bytes.lastIndexOf(PDF_EOF) < 0;
  }
  // A DOCX is checked whole by checkZip; an old .doc is a small file system of sectors, not readable from its ends.
  return false;
}

// ---- How far a DOCX (a zip) unpacks (issue #9) -------------------------------------------------------------------

const inflate = promisify(inflateRaw);

/**
 * Reads the zip's central directory and refuses it when its entries declare more than the limits; then unpacks
 * each entry, never past its declared size, so a directory that understates them is caught too. Word only writes
 * stored and deflated entries, without encryption or zip64.
 */
export async function checkZip(bytes: Buffer): Promise<{ refused: 'unpacks' | 'damaged'; message: string } | undefined> {
  const damaged = { refused: 'damaged' as const, message: 'The document is damaged: its contents cannot be read.' };
  // End of central directory: 22 bytes, then a comment of up to 65535.
  let end = -1;
  for (let offset = bytes.length - 22; offset >= Math.max(0, bytes.length - 22 - 0xffff); offset--) {
    if (bytes.readUInt32LE(offset) === 0x06054b50) {
      end = offset;
      break;
    }
  }
  if (end < 0) return damaged;
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  const entries: { method: number; flags: number; compressed: number; size: number; local: number }[] = [];
  let total = 0;
  for (let index = 0; index < count; index++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return damaged;
    const entry = {
      flags: bytes.readUInt16LE(offset + 8),
      method: bytes.readUInt16LE(offset + 10),
      compressed: bytes.readUInt32LE(offset + 20),
      size: bytes.readUInt32LE(offset + 24),
      local: bytes.readUInt32LE(offset + 42),
    };
    // 0xFFFFFFFF: the real sizes are in a zip64 field, which a document of at most 10 MB has no use for.
    if (entry.size === 0xffffffff || entry.compressed === 0xffffffff || entry.local === 0xffffffff) return damaged;
    total += entry.size;
    entries.push(entry);
    offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  const tooFar = total > DOCUMENT_MAX_UNPACKED_BYTES || (total > 10 * MB && total > bytes.length * DOCUMENT_MAX_UNPACK_RATIO);
  if (tooFar) {
    return {
      refused: 'unpacks',
      message: `The document unpacks to ${Math.round(total / MB)} MB: documents may unpack to at most ${DOCUMENT_MAX_UNPACKED_BYTES / MB} MB (and ${DOCUMENT_MAX_UNPACK_RATIO} times their own size).`,
    };
  }
  for (const entry of entries) {
    // Encrypted entries (bit 0) cannot be checked; methods other than stored (0) and deflate (8) are not Word's.
    if (entry.flags & 1 || (entry.method !== 0 && entry.method !== 8)) return damaged;
    const local = entry.local;
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) return damaged;
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + entry.compressed);
    if (data.length !== entry.compressed) return damaged;
    if (entry.method === 0) {
      if (entry.size !== entry.compressed) return damaged;
      continue;
    }
    try {
      // Off the event loop (the thread pool), and stopped one byte past what the directory declared.
      const unpacked = await inflate(data, { maxOutputLength: Math.max(1, entry.size) });
      if (unpacked.length !== entry.size) return damaged;
    } catch {
      return { refused: 'unpacks', message: 'The document unpacks to more than its own directory declares; it is refused.' };
    }
  }
  return undefined;
}

/**
 * Checks a file against the upload rules: by default every kind with its own size limit (the console), or one
 * rule's types and limit (a file sent with a public form).
 */
export async function checkFile(
  bytes: Buffer,
  filename: string | undefined,
  options: { createdBy: number | null; rule?: UploadRule; maxPixels?: number },
): Promise<FileCheck> {
  if (bytes.length === 0) return { refused: 'empty' };
  const accepted = await detect(bytes);
  if (!accepted || (options.rule && !options.rule.types.some((type) => type.mime === accepted.mime))) return { refused: 'type' };
  const rule = options.rule ?? UPLOAD_RULES[accepted.kind];
  if (bytes.length > rule.maxBytes) return { refused: 'size', rule };
  if (accepted.kind === 'image') {
    const size = imageDimensions(bytes, accepted.mime);
    if (!size || size.width === 0 || size.height === 0) return { refused: 'damaged', message: 'The image is damaged: its size cannot be read.' };
    const maxPixels = options.maxPixels ?? DEFAULT_MAX_IMAGE_PIXELS;
    if (size.width * size.height > maxPixels) return { refused: 'pixels', ...size, maxPixels };
  }
  if (cutShort(bytes, accepted.mime)) return { refused: 'damaged', message: `The ${accepted.kind} is damaged: the file is cut short.` };
  if (accepted.extensions.includes('docx')) {
    const zip = await checkZip(bytes);
    if (zip) return zip;
  }
  // An image's metadata is not kept but its orientation and colour profile (server/image-location.ts): the file stored
  // and served is the one without it. One whose blocks cannot be walked to its end would keep what was not checked.
  const stored = accepted.kind === 'image' ? withoutLocation(bytes, accepted.mime) : bytes;
  if (!stored) return { refused: 'damaged', message: 'The image is damaged: its structure cannot be read.' };
  return {
    upload: {
      // 128 random bits, hex: the id is also the file's unguessable address.
      id: randomBytes(16).toString('hex'),
      filename: cleanFilename(filename, accepted),
      mime: accepted.mime,
      size: stored.length,
      kind: accepted.kind,
      data: stored,
      sha256: createHash('sha256').update(stored).digest('hex'),
      createdBy: options.createdBy,
      ...(shownDimensions(stored, accepted.mime) ?? { width: null, height: null }),
    },
  };
}
