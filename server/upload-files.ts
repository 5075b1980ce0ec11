// What a file is, read from its bytes, and whether it may be stored: the one check for files from the console
// (POST /api/uploads) and from the website's forms (a CV). A file's name and declared type are never trusted.
import { createHash, randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_KINDS, UPLOAD_RULES, type UploadKind, type UploadRule } from '../schema/uploads';
import type { Upload } from './repositories/uploads';

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

/** The name the file is offered under: no path, no control characters, an extension matching its real type. */
export function cleanFilename(original: string | undefined, accepted: Accepted): string {
  const base = (original ?? '')
    // Browsers escape these three in multipart file names (HTML spec); quotes are then dropped below.
    .replace(/%22/g, '"')
    .replace(/%0[AD]/gi, '')
    .normalize('NFC')
    .split(/[/\\]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  // 'report.pdf' holding a PNG becomes 'report.png'; 'plan.v2' holding a PDF becomes 'plan.v2.pdf'.
  const matches = accepted.extensions.includes(extension);
  const stem = (matches || KNOWN_EXTENSIONS.has(extension) ? base.slice(0, dot) : base) || 'file';
  const suffix = `.${matches ? extension : accepted.extensions[0]}`;
  return `${stem.slice(0, FILENAME_MAX_LENGTH - suffix.length).trim()}${suffix}`;
}

/** An upload ready to insert (server/repositories/uploads.ts). */
export type NewUpload = Omit<Upload, 'createdAt'>;

/** A file that may be stored, or why not: empty, not of an accepted type, or over the size limit of its rule. */
export type FileCheck = { upload: NewUpload } | { refused: 'empty' } | { refused: 'type' } | { refused: 'size'; rule: UploadRule };

/**
 * Checks a file against the upload rules: by default every kind with its own size limit (the console), or one
 * rule's types and limit (a file sent with a public form).
 */
export async function checkFile(
  bytes: Buffer,
  filename: string | undefined,
  options: { createdBy: number | null; rule?: UploadRule },
): Promise<FileCheck> {
  if (bytes.length === 0) return { refused: 'empty' };
  const accepted = await detect(bytes);
  if (!accepted || (options.rule && !options.rule.types.some((type) => type.mime === accepted.mime))) return { refused: 'type' };
  const rule = options.rule ?? UPLOAD_RULES[accepted.kind];
  if (bytes.length > rule.maxBytes) return { refused: 'size', rule };
  return {
    upload: {
      // 128 random bits, hex: the id is also the file's unguessable address.
      id: randomBytes(16).toString('hex'),
      filename: cleanFilename(filename, accepted),
      mime: accepted.mime,
      size: bytes.length,
      kind: accepted.kind,
      data: bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      createdBy: options.createdBy,
    },
  };
}
