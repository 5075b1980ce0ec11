// What an upload field accepts (schema/uploads.ts), checked in the browser before a byte is sent. The server has
// the final word (it checks the bytes, issue #3 §2); most mistakes are caught here at once.
import { MB, UPLOAD_RULES, type UploadKind } from '../../schema/uploads';
import type { UploadedFile } from '../dataProvider';

export type { UploadKind } from '../../schema/uploads';

const mimesOf = (kind: UploadKind): string[] => UPLOAD_RULES[kind].types.map((type) => type.mime);
// With the dot, as <input accept> and file names have them.
const extensionsOf = (kind: UploadKind): string[] => UPLOAD_RULES[kind].types.flatMap((type) => type.extensions.map((ext) => `.${ext}`));

// The value of an <input type=file accept>.
export const acceptAttribute = (kind: UploadKind): string =>
  [...mimesOf(kind), ...extensionsOf(kind)].join(',');

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes)) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MB).toFixed(1).replace(/\.0$/, '')} MB`;
}

export const typeMessage = (kind: UploadKind): string =>
  `This file type is not accepted: choose a ${UPLOAD_RULES[kind].typesText} file.`;

export const sizeMessage = (kind: UploadKind): string =>
  `This file is too large: ${UPLOAD_RULES[kind].noun}s can be up to ${formatBytes(UPLOAD_RULES[kind].maxBytes)}.`;

export const rulesText = (kind: UploadKind): string =>
  `${UPLOAD_RULES[kind].typesText}, up to ${formatBytes(UPLOAD_RULES[kind].maxBytes)}`;

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

// Some systems report no type (or a generic one) for Office files: the extension then decides here.
export function checkFile(file: File, kind: UploadKind): string | null {
  const knownType = mimesOf(kind).includes(file.type);
  const vagueType = file.type === '' || file.type === 'application/octet-stream';
  if (!knownType && !(vagueType && extensionsOf(kind).includes(extensionOf(file.name)))) return typeMessage(kind);
  if (file.size > UPLOAD_RULES[kind].maxBytes) return sizeMessage(kind);
  if (file.size === 0) return 'This file is empty.';
  return null;
}

export const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

// 413 and 415 get the same words as the browser-side checks; other refusals keep the server's message, and so does a
// 413 that names its reason for the file (too many pixels, a DOCX that unpacks too far): a 128 KB image of 45
// megapixels read "too large: images can be up to 5 MB" (an outside probe).
export function uploadErrorMessage(error: unknown, kind: UploadKind): string {
  const status = (error as { status?: unknown } | null)?.status;
  const reason = ((error as { body?: { errors?: { file?: unknown } } } | null)?.body?.errors?.file);
  if (status === 413 && typeof reason === 'string') return reason;
  if (status === 413) return sizeMessage(kind);
  if (status === 415) return typeMessage(kind);
  if (error instanceof Error && error.message) return error.message;
  return 'The upload failed. Please try again.';
}

// What a field stores: the server's answer without its id (schema/define.ts uploadObject).
export const toStoredFile = ({ src, title, mime, size }: UploadedFile): UploadedFile => ({ src, title, mime, size });

export const fileTitle = (file: UploadedFile): string => file.title || file.src.split('/').pop() || 'file';
