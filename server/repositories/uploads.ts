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

/** The width and height of those of `ids` that are stored images whose size is known. */
export async function imageSizes(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, Dimensions>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('uploads').select(['id', 'width', 'height']).where('id', 'in', [...ids]).where('kind', '=', 'image').execute();
  return new Map(rows.flatMap(({ id, width, height }) => (width !== null && height !== null ? [[id, { width, height }] as const] : [])));
}
