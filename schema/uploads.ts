// What an upload field accepts. The API reads a file's type from its bytes and holds it to these rules; the console
// checks a chosen file against the same rules before a byte is sent. No imports: plain values.

export type UploadKind = 'image' | 'document';

export const MB = 1024 * 1024;

export interface UploadType {
  mime: string;
  /** Without the dot; the first one names a file whose own extension does not match its type. */
  extensions: readonly string[];
}

export interface UploadRule {
  types: readonly UploadType[];
  maxBytes: number;
  /** The accepted types, as a person names them. */
  typesText: string;
  noun: string;
}

export const UPLOAD_RULES: Record<UploadKind, UploadRule> = {
  image: {
    types: [
      { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
      { mime: 'image/png', extensions: ['png'] },
      { mime: 'image/webp', extensions: ['webp'] },
      { mime: 'image/gif', extensions: ['gif'] },
    ],
    maxBytes: 5 * MB,
    typesText: 'JPEG, PNG, WebP or GIF',
    noun: 'image',
  },
  document: {
    types: [
      { mime: 'application/pdf', extensions: ['pdf'] },
      { mime: 'application/msword', extensions: ['doc'] },
      { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
    ],
    maxBytes: 10 * MB,
    typesText: 'PDF, DOC or DOCX',
    noun: 'document',
  },
};

export const UPLOAD_KINDS = Object.keys(UPLOAD_RULES) as UploadKind[];

/** No file of any kind may be larger: the API stops reading there. */
export const MAX_UPLOAD_BYTES = Math.max(...UPLOAD_KINDS.map((kind) => UPLOAD_RULES[kind].maxBytes));

/**
 * What a visitor of the public website may attach to a form (a job application's CV): PDF or DOCX, not the old
 * .doc (an OLE container, the kind that also carries macros and installers), at the document size limit.
 */
export const FORM_FILE_RULE: UploadRule = {
  types: UPLOAD_RULES.document.types.filter(({ mime }) => mime !== 'application/msword'),
  maxBytes: UPLOAD_RULES.document.maxBytes,
  typesText: 'PDF or DOCX',
  noun: 'document',
};

// Decompression bombs (issue #9): an image is refused above this many pixels, read from its header before anything
// decodes it (UPLOAD_MAX_PIXELS changes it on the server); a 30000 × 30000 PNG of 0.8 MB would take 3.6 GB to show.
export const DEFAULT_MAX_IMAGE_PIXELS = 40_000_000;
// A DOCX is a zip: refused when its entries unpack to more than this, or (past 10 MB) to more than 100 times the
// file's own size. Word documents, pictures included, stay far below.
export const DOCUMENT_MAX_UNPACKED_BYTES = 100 * MB;
export const DOCUMENT_MAX_UNPACK_RATIO = 100;

/** The longest alternative text an image takes (a file field's `alt`). */
export const ALT_TEXT_MAX = 300;

// 'IMG_2031.jpg' describes nothing to a person who cannot see the image.
const FILE_NAME = /\.[a-z0-9]{2,5}$/i;

/**
 * The alternative text the website gets for an image: the one written for it, else its title when that is more than
 * a file name, else the name of the record it illustrates (none: null).
 */
export function altTextOf(file: { alt?: unknown; title?: unknown }, recordName: string | null): string | null {
  const alt = typeof file.alt === 'string' ? file.alt.trim() : '';
  if (alt !== '') return alt;
  const title = typeof file.title === 'string' ? file.title.trim() : '';
  return title !== '' && !FILE_NAME.test(title) ? title : recordName;
}
