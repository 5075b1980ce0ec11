import type { Kysely } from 'kysely';
import type { UploadKind } from '../../schema/uploads';
import { dialectOf } from '../db/dialect';
import type { Database } from '../db/types';
import type { Dimensions } from '../image-dimensions';

export interface UploadInfo {
  id: string;
  filename: string;
  mime: string;
  size: number;
  kind: UploadKind;
  sha256: string;
  createdAt: string;
  createdBy: number | null;
  /** Pixels, as the image is shown (server/image-dimensions.ts); null for a document. */
  width: number | null;
  height: number | null;
}

export interface Upload extends UploadInfo {
  data: Buffer;
}

export async function insertUpload(db: Kysely<Database>, upload: Omit<Upload, 'createdAt'>, now = new Date()): Promise<UploadInfo> {
  await db
    .insertInto('uploads')
    .values({
      id: upload.id,
      filename: upload.filename,
      mime: upload.mime,
      size: upload.size,
      kind: upload.kind,
      data: upload.data,
      sha256: upload.sha256,
      created_at: now.toISOString(),
      created_by: upload.createdBy,
      width: upload.width,
      height: upload.height,
    })
    .execute();
  const { data: _data, ...info } = upload;
  return { ...info, createdAt: now.toISOString() };
}

/**
 * The bytes of files no signed-in user stored (the website's forms: CVs) since `since`, and when the earliest of them
 * was stored: what the forms' files budget counts (server/routes/public.ts).
 */
export async function anonymousUploadBytesSince(db: Kysely<Database>, since: Date): Promise<{ bytes: number; earliest: string | null }> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => [eb.fn.sum<number | string | null>('size').as('bytes'), eb.fn.min<string | null>('created_at').as('earliest')])
    .where('created_by', 'is', null)
    .where('created_at', '>=', since.toISOString())
    .executeTakeFirst();
  return { bytes: Number(row?.bytes ?? 0), earliest: row?.earliest ?? null };
}

const INFO_COLUMNS = ['id', 'filename', 'mime', 'size', 'kind', 'sha256', 'created_at', 'created_by', 'width', 'height'] as const;

export async function findUploadInfo(db: Kysely<Database>, id: string): Promise<UploadInfo | undefined> {
  const row = await db.selectFrom('uploads').select(INFO_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const { created_at, created_by, ...rest } = row;
  return { ...rest, size: Number(row.size), createdAt: created_at, createdBy: created_by };
}

export async function findUpload(db: Kysely<Database>, id: string): Promise<Upload | undefined> {
  const row = await db.selectFrom('uploads').select([...INFO_COLUMNS, 'data']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const { created_at, created_by, data, ...rest } = row;
  return { ...rest, size: Number(row.size), createdAt: created_at, createdBy: created_by, data: Buffer.from(data) };
}

/**
 * The kind, type and size of those of `ids` that exist. On PostgreSQL they stay share-locked until the transaction ends, so the
 * sweep (repositories/upload-references.ts) cannot delete one that the write about to name it has just found.
 */
export async function uploadKinds(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, { kind: UploadKind; mime: string; size: number }>> {
  if (ids.length === 0) return new Map();
  const query = db.selectFrom('uploads').select(['id', 'kind', 'mime', 'size']).where('id', 'in', [...ids]).orderBy('id');
  const rows = await (dialectOf(db) === 'postgres' && db.isTransaction ? query.forShare() : query).execute();
  return new Map(rows.map((row) => [row.id, { kind: row.kind, mime: row.mime, size: Number(row.size) }]));
}

// An upload's bytes, and so its size, never change under its id: a size read once is kept (the most recent
// SIZES_KEPT per database), and a website page whose images are all known asks the database nothing more. Without
// it the query cost a website list of posts with covers a fifth more server time per page (docs/performance.md).
const SIZES_KEPT = 20_000;
const knownSizes = new WeakMap<Kysely<Database>, Map<string, ImageFacts>>();

/** A stored image as the website is told of it: its size in pixels, its type and its size in bytes. */
export interface ImageFacts extends Dimensions {
  mime: string;
  bytes: number;
}

/** The width and height (and type and bytes) of those of `ids` that are stored images whose size is known. */
export async function imageSizes(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, ImageFacts>> {
  const found = new Map<string, ImageFacts>();
  if (ids.length === 0) return found;
  let known = knownSizes.get(db);
  if (!known) knownSizes.set(db, (known = new Map()));
  const unknown = ids.filter((id) => {
    const size = known.get(id);
    if (size) found.set(id, size);
    return !size;
  });
  if (unknown.length === 0) return found;
  const rows = await db.selectFrom('uploads').select(['id', 'width', 'height', 'mime', 'size']).where('id', 'in', unknown).where('kind', '=', 'image').execute();
  for (const { id, width, height, mime, size: bytes } of rows) {
    if (width === null || height === null) continue;
    const size = { width, height, mime, bytes: Number(bytes) };
    found.set(id, size);
    known.set(id, size);
    // The oldest kept first out (a Map keeps its order of insertion).
    if (known.size > SIZES_KEPT) known.delete(known.keys().next().value!);
  }
  return found;
}
