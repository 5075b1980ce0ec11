import type { ColumnType, Generated, Insertable, Selectable, SqlBool } from 'kysely';

// Timestamps are ISO-8601 text (`new Date().toISOString()`) so SQLite and PostgreSQL
// compare and sort them the same way.
type Timestamp = string;

// SQLite hands booleans back as 0/1 and better-sqlite3 cannot bind `true`, so the
// column is written as 0/1 and read as SqlBool; repositories expose a real boolean.
type BooleanColumn = ColumnType<SqlBool, 0 | 1 | undefined, 0 | 1>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** Stored lowercased; unique. */
  email: string;
  password_hash: string;
  active: BooleanColumn;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Bumped by every update (issue #8, migration 0006). */
  version: Generated<number>;
  /** Who saved the current version; null when unknown. */
  updated_by: number | null;
}

export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** When a request last authenticated with it, written at most once a minute (issue #9, migration 0008). */
  last_used_at: Timestamp;
  /** The client's address at sign-in (request.ip under TRUST_PROXY). */
  ip: string | null;
  /** The User-Agent at sign-in, cut to 300 characters. */
  user_agent: string | null;
}

export interface RecordsTable {
  id: Generated<number>;
  /** The area's declared name (schema/areas). */
  area: string;
  /** The record's fields: jsonb in PostgreSQL (read back as an object), JSON text in SQLite (read back as text); written as JSON text. */
  data: ColumnType<unknown, string, string>;
  position: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Bumped by every update, not by a new order or by marking a submission read (issue #8, migration 0006). */
  version: Generated<number>;
  /** Who saved the current version; null when unknown (sample content, a deleted user). */
  updated_by: number | null;
}

/** A state an update superseded: the base a stale write is merged against (schema/conflicts.ts). */
export interface RevisionsTable {
  id: Generated<number>;
  /** The area's name, or 'users'. */
  kind: string;
  record_id: number;
  version: number;
  /** JSON text of the fields (a user's name, email and active only). */
  data: string;
  updated_by: number | null;
  updated_at: Timestamp | null;
}

export interface UploadsTable {
  id: string;
  filename: string;
  mime: string;
  size: number;
  kind: 'image' | 'document';
  data: ColumnType<Buffer, Buffer, never>;
  sha256: string;
  created_at: Timestamp;
  created_by: number | null;
  /** An image's size in pixels as it is shown (server/image-dimensions.ts, migration 0016); null for a document. */
  width: number | null;
  height: number | null;
}

/** One row per record and upload it names (server/repositories/upload-references.ts keeps them in step). */
export interface UploadReferencesTable {
  upload_id: string;
  record_id: number;
}

/** A failed sign-in (issue #9, migration 0007), counted per account and per address by server/repositories/sign-in-attempts.ts. */
export interface SignInAttemptsTable {
  id: Generated<number>;
  /** The email as normalised by the users repository, whether or not such a user exists. */
  account: string;
  /** The client's address (request.ip under TRUST_PROXY). */
  address: string;
  attempted_at: Timestamp;
}

/** One audited event (issue #9, migration 0009; server/repositories/audit.ts). */
export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  /** Null for a sign-in failure of an unknown account; kept (not a foreign key) after the user is deleted. */
  user_id: number | null;
  user_name: string | null;
  action: string;
  area: string | null;
  record_id: number | null;
  record_label: string | null;
  /** JSON array of field names, never values. */
  fields: string | null;
  ip: string | null;
  email: string | null;
}

/** Migration 0010: the elements of filterable array fields (issue #10). */
export interface RecordValuesTable {
  record_id: number;
  area: string;
  field: string;
  value: string;
}

/** Migration 0010: how many records of an area hold each array value. */
export interface RecordValueCountsTable {
  area: string;
  field: string;
  value: string;
  count: number;
}

/** Migration 0010: which fields each area's search rows were built from. */
export interface RecordIndexStateTable {
  area: string;
  signature: string;
}

export interface AreaSnapshotsTable {
  area: string;
  snapshot: string;
  updated_at: Timestamp;
}

export interface AreaMigrationsTable {
  id: Generated<number>;
  key: string | null;
  area: string;
  change: string;
  detail: string;
  applied_at: Timestamp;
}

export interface Database {
  area_snapshots: AreaSnapshotsTable;
  area_migrations: AreaMigrationsTable;
  users: UsersTable;
  tokens: TokensTable;
  records: RecordsTable;
  uploads: UploadsTable;
  upload_references: UploadReferencesTable;
  revisions: RevisionsTable;
  sign_in_attempts: SignInAttemptsTable;
  audit_log: AuditLogTable;
  record_values: RecordValuesTable;
  record_value_counts: RecordValueCountsTable;
  record_index_state: RecordIndexStateTable;
  area_generations: AreaGenerationsTable;
  // record_search differs between the dialects (an FTS5 table on SQLite): server/repositories/record-index.ts only.
}

/** Moved on by a trigger whenever an area's records change (migration 0011): what a kept count is valid for. */
export interface AreaGenerationsTable {
  area: string;
  /** bigint: PostgreSQL hands it back as text. */
  generation: ColumnType<string | number, number, number>;
  /** How many records the area holds, kept by the same triggers (migration 0012); bigint. */
  records: ColumnType<string | number, number | undefined, number>;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type TokenRow = Selectable<TokensTable>;
export type RecordRow = Selectable<RecordsTable>;
export type UploadRow = Selectable<UploadsTable>;
