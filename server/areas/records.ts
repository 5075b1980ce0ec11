// What writing a record means for any declared area: validation by its schema, rich text sanitized, slugs
// filled, unique values checked, positions kept; one transaction per write. Routes and the seed both use this.
import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { SINGLETON_ID } from '../../schema/api';
import { VERSION_FIELD } from '../../schema/conflicts';
import { PUBLISHED } from '../../schema/publish';
import { disguisedApiAddressMessage, isApiAddressAsWritten } from '../../schema/addresses';
import { fieldLabel, inboxUpdateSchema, isFileAddress } from '../../schema/define';
import { storedDate } from '../../schema/dates';
import { isUniqueViolation } from '../db/dialect';
import { inTransaction } from '../db/transaction';
import type { Database } from '../db/types';
import { applicableChanges, checkDeleteVersion, type CurrentState } from '../edit-conflicts';
import { HttpError } from '../http-error';
import { listTime } from './list-query';
import {
  countByField,
  deleteRecord,
  findOnlyRecord,
  findRecord,
  holdSlugBase,
  insertRecord,
  isValueTaken,
  listIds,
  nextPosition,
  setPositions,
  setRecordField,
  updateRecordData,
  type StoredRecord,
} from '../repositories/records';
import { insertAuditEntry, type AuditActor, type AuditAction } from '../repositories/audit';
import { requireOpenSession } from '../plugins/authenticate';
import { saveRevision } from '../repositories/revisions';
import { insertUpload, uploadKinds } from '../repositories/uploads';
import { richTextAddresses, storedRichText } from '../sanitize';
import type { NewUpload } from '../upload-files';
import { ownUploadId, referencedUploadIds } from '../upload-ids';
import type { AreaModel } from './model';
import { indexEntry, isIndexed } from './search-index';
import { slugCandidate, slugify } from '../../schema/slug';

type Db = Kysely<Database>;

export const FORM_ERROR = 'Please check the form for errors'; // SPEC §8 (Form Validation)
/**
 * A unique field's value another record holds, said with what to do (it said 'This value is already used': which
 * value, and now what? an outside probe); a slug may also be left empty, to have one made.
 */
export const valueTaken = (label: string, slug = false) =>
  `${label} is already used by another entry: choose another${slug ? ', or leave it empty to have one made' : ''}`;
export const NOT_FOUND = 'Not Found';

// A singleton answers on SINGLETON_ID only (ra edits it at /<name>/1); re-exported for the routes.
export { SINGLETON_ID };

export type ApiRecord = { id: number } & Record<string, unknown>;

/** Columns the API adds around a record's fields; a client sending them back (ra sends the whole record) is ignored. */
const SYSTEM_KEYS = new Set(['id', 'created_at', 'updated_at', 'position', VERSION_FIELD]);

/** How a write is made (issue #8): the version it started from (none: unconditional), and who makes it. */
export interface WriteOptions {
  expected?: number;
  by?: number | null;
  now?: Date;
  /** Who writes, for the audit log (issue #9), in the write's transaction; absent (the seed): nothing is logged. */
  audit?: AuditActor;
}

/** How the audit log names a record: its declared label field, or the area's label for a singleton. */
function recordLabelOf(model: AreaModel, data: Record<string, unknown>): string | null {
  if (model.kind === 'singleton') return model.declaration.label;
  const value = model.declaration.recordLabel === undefined ? undefined : data[model.declaration.recordLabel];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The declared fields whose values differ (a create: those it set). Names only: the log never holds values. */
/**
 * The declared fields a write changes. A save that changes none stores nothing (updateRecord, putSingleton,
 * updateSubmission answer the record as it is: no new version, revision or audit entry): a save whose answer was lost,
 * which the browser sent again by itself four times and the person once more, made one edit versions 2 to 7 with six
 * audit entries, five of them of no field (an outside probe of a phone losing signal).
 */
function changedFields(model: AreaModel, before: Record<string, unknown> | undefined, after: Record<string, unknown>): string[] {
  return [...model.fields.keys()].filter((field) =>
    before === undefined ? !isEmpty(after[field]) : !isDeepStrictEqual(before[field] ?? null, after[field] ?? null),
  );
}

async function audit(
  trx: Db,
  model: AreaModel,
  action: AuditAction,
  actor: AuditActor | undefined,
  stored: { id: number; data: Record<string, unknown> },
  fields: string[] | null,
  now: Date,
): Promise<void> {
  if (!actor) return;
  // In the write's transaction: a session ended since the request arrived (its body after a sign-out, a deactivation)
  // writes nothing.
  await requireOpenSession(trx, actor.tokenId, now);
  await insertAuditEntry(trx, {
    action,
    userId: actor.userId,
    userName: actor.userName,
    ip: actor.ip,
    area: model.name,
    // The id the API answers the record by: a singleton's is SINGLETON_ID, whatever row holds it (the console links
    // the entry to it, and a filter by record_id finds it). Entries written before say the row's id, as stored.
    recordId: model.kind === 'singleton' ? SINGLETON_ID : stored.id,
    recordLabel: recordLabelOf(model, stored.data),
    fields,
    at: now,
  });
}

/** `{ 'cover.src': 'Required' }`: the first message for each field path. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    errors[key] ??= issue.message;
  }
  return errors;
}

export const formError = (errors: Record<string, string>) => new HttpError(400, FORM_ERROR, errors);

/** A write's body, which must be a JSON object (`null`, a list or a text is none): 400 otherwise. */
export function requireObjectBody(input: unknown): object {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  return input;
}

function asObject(input: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(requireObjectBody(input)).filter(([key]) => !SYSTEM_KEYS.has(key)));
}

export function toApiRecord(model: AreaModel, stored: StoredRecord): ApiRecord {
  // id first, for whoever reads the JSON.
  const record: ApiRecord = { id: model.kind === 'singleton' ? SINGLETON_ID : stored.id };
  // Only declared fields: values of fields no longer declared stay in the document, unseen (server/areas/evolve.ts).
  for (const field of model.fields.keys()) {
    if (Object.hasOwn(stored.data, field)) record[field] = model.dates.has(field) ? storedDate(stored.data[field]) : stored.data[field];
  }
  if (model.ordered) record.position = stored.position;
  record[VERSION_FIELD] = stored.version;
  record.created_at = stored.createdAt;
  record.updated_at = stored.updatedAt;
  return record;
}

function checkUploads(model: AreaModel, data: Record<string, unknown>): void {
  const errors: Record<string, string> = {};
  const message = 'The file must be an upload or a web address';
  for (const [field, arity] of model.uploadFields) {
    const value = data[field];
    const files = arity === 'one' ? [value] : Array.isArray(value) ? value : [];
    files.forEach((file, index) => {
      const src = (file as { src?: unknown } | null)?.src;
      // Shown as images and offered as links: only our own uploads or web addresses, read by browsers as written.
      if (typeof src === 'string' && !isFileAddress(src)) {
        errors[arity === 'one' ? `${field}.src` : `${field}.${index}.src`] ??= message;
      }
    });
  }
  if (Object.keys(errors).length > 0) throw formError(errors);
}

/**
 * Parses with the area's schema, then cleans its rich text. `errors` found earlier are answered together with the
 * schema's. `stored`: the document an update starts from. Rich text it already holds was cleaned when it was written
 * through the API and is kept as it is: an update that leaves a post's body alone neither cleans it again (7% of an
 * update's time, issue #10) nor changes a byte of it. Rich text written around the API (an SQL import) is cleaned by
 * `npm run areas -- reindex` (evolve.ts cleanStoredRichText), or when it next changes.
 */
function validate(model: AreaModel, candidate: Record<string, unknown>, errors: Record<string, string> = {}, stored?: Record<string, unknown>) {
  // Rich text kept as stored is kept even past the field's limit (an earlier version checked the limit before cleaning,
  // and cleaning can lengthen HTML): checked by the schema as a short stand-in, it never blocks a save of the rest.
  const overLimit = model.richText.filter((field) => {
    const value = stored?.[field];
    return typeof value === 'string' && candidate[field] === value && value.length > model.richTextMax.get(field)!;
  });
  const checked = overLimit.length > 0 ? { ...candidate, ...Object.fromEntries(overLimit.map((field) => [field, 'x'])) } : candidate;
  const result = model.schema.safeParse(checked);
  if (!result.success || Object.keys(errors).length > 0) {
    throw formError({ ...(result.success ? {} : fieldErrors(result.error)), ...errors });
  }
  const data = { ...(result.data as Record<string, unknown>) };
  for (const field of overLimit) data[field] = stored![field];
  const refused: Record<string, string> = {};
  for (const field of model.richText) {
    const value = data[field];
    if (typeof value !== 'string' || value === stored?.[field]) continue;
    const cleaned = storedRichText(value);
    // Cleaning can lengthen HTML (`<br>` is written `<br />`, an unclosed tag gets its end): the limit is the stored
    // value's, so that what is stored can always be sent back as it is.
    const max = model.richTextMax.get(field)!;
    if (cleaned !== null && cleaned.length > max) {
      refused[field] = `${fieldLabel(model.declaration, field)} is too long once cleaned: ${cleaned.length.toLocaleString('en')} characters of HTML, at most ${max.toLocaleString('en')}`;
    }
    // The upload sweep and the website's absolute addresses read `/api/uploads/<id>` as written (schema/addresses.ts).
    if (cleaned !== null && !richTextAddresses(cleaned).every(isApiAddressAsWritten)) {
      refused[field] ??= disguisedApiAddressMessage(`${fieldLabel(model.declaration, field)}: a link or image`);
    }
    data[field] = cleaned;
  }
  if (Object.keys(refused).length > 0) throw formError(refused);
  checkUploads(model, data);
  return data;
}

/**
 * Published with no publish time means "at once": the time is recorded, so the website's newest-first lists put it
 * first. It is recorded to the second, as the website's "now" is (list-query.ts listTime): the post shows at once.
 * A record that was already published without a time (stored before this rule) keeps its empty time.
 */
function stampPublishTime(model: AreaModel, data: Record<string, unknown>, before: Record<string, unknown> | undefined, now: Date) {
  const publication = model.declaration.website?.publication;
  if (!publication || data[publication.status] !== PUBLISHED) return;
  const empty = (value: unknown) => value === null || value === undefined || value === '';
  if (!empty(data[publication.at])) return;
  if (before && before[publication.status] === PUBLISHED && empty(before[publication.at])) return;
  data[publication.at] = listTime(now).toISOString();
}

/** What a stored document holds besides its declared fields: kept through every save, never shown. */
function undeclared(model: AreaModel, data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([field]) => !model.fields.has(field)));
}

/**
 * Every reference must point at an existing record. A value that did not change is not checked again: a record
 * whose target was deleted (onDelete 'keep') can still be saved.
 */
async function checkReferences(db: Db, model: AreaModel, data: Record<string, unknown>, existing?: Record<string, unknown>): Promise<void> {
  const errors: Record<string, string> = {};
  for (const reference of model.references) {
    const value = data[reference.field];
    if (typeof value !== 'number' || (existing && existing[reference.field] === value)) continue;
    if (!(await findRecord(db, reference.area, value))) errors[reference.field] = `${reference.label} does not exist (it may have been deleted)`;
  }
  if (Object.keys(errors).length > 0) throw formError(errors);
}

const NO_UPLOAD = 'This file is not an upload (it may have been deleted): upload it again';
const PRIVATE_UPLOAD = 'This file is a private document: only an uploaded image can be used here';
const PRIVATE_UPLOAD_NAMED = 'This names a private document (an uploaded CV or other file): only uploaded images can be shown or linked here';
const wrongFact = (what: string, actual: string | number) => `${what} of this upload is ${actual}: send it as the upload answered it, or leave it out`;

/**
 * A file field that names one of our uploads names one that exists, and an image: documents (a CV sent with a
 * careers form) are private, and a content field would hand the website its name, type and address. The type and
 * size it gives, when it gives them, are the upload's own: the website is sent them as they are stored (a probe saved
 * a PNG as text/html of 123 MB, and the public API passed that on). A file that did not change is not checked again:
 * a record whose file was deleted since can still be saved, and reading never checks.
 */
async function checkUploadTargets(db: Db, model: AreaModel, data: Record<string, unknown>, existing?: Record<string, unknown>): Promise<void> {
  const files = (value: unknown, arity: 'one' | 'many') =>
    (arity === 'one' ? [value] : Array.isArray(value) ? value : []).map((file) => (file ?? {}) as { src?: unknown; mime?: unknown; size?: unknown });
  const errors: Record<string, string> = {};
  const named = new Map<string, { key: string; file: { mime?: unknown; size?: unknown } }[]>();
  for (const [field, arity] of model.uploadFields) {
    // Unchanged: the same address with the same type and size as stored.
    const kept = new Set(files(existing?.[field], arity).map((file) => JSON.stringify([file.src, file.mime ?? null, file.size ?? null])));
    files(data[field], arity).forEach((file, index) => {
      const { src } = file;
      if (typeof src !== 'string' || kept.has(JSON.stringify([src, file.mime ?? null, file.size ?? null]))) return;
      const id = ownUploadId(src);
      const key = arity === 'one' ? field : `${field}.${index}`;
      if (id === null) errors[`${key}.src`] ??= NO_UPLOAD;
      else if (id !== undefined) named.set(id, [...(named.get(id) ?? []), { key, file }]);
    });
  }
  // Any other way a field names one of our files: a file field's full address (http://<this server>/api/uploads/…),
  // rich text's images and links, a link field. A private document is refused wherever it is named, as the website
  // would be handed its address (an outside probe published a CV's id so); an unknown id there is another site's.
  // What the field named before is not checked again.
  const elsewhere = new Map<string, string[]>();
  for (const name of Object.keys(data)) {
    if (!model.fields.has(name)) continue;
    const before = new Set(referencedUploadIds(existing?.[name]));
    for (const id of referencedUploadIds(data[name])) {
      if (!before.has(id) && !named.has(id)) elsewhere.set(id, [...(elsewhere.get(id) ?? []), name]);
    }
  }
  const stored = await uploadKinds(db, [...named.keys(), ...elsewhere.keys()]);
  for (const [id, uses] of named) {
    const upload = stored.get(id);
    for (const { key, file } of uses) {
      if (upload?.kind !== 'image') errors[`${key}.src`] ??= upload === undefined ? NO_UPLOAD : PRIVATE_UPLOAD;
      else if (file.mime != null && file.mime !== upload.mime) errors[`${key}.mime`] ??= wrongFact('The type', upload.mime);
      else if (file.size != null && file.size !== upload.size) errors[`${key}.size`] ??= wrongFact('The size', upload.size);
    }
  }
  for (const [id, fields] of elsewhere) {
    if (stored.get(id)?.kind === 'document') for (const name of fields) errors[name] ??= PRIVATE_UPLOAD_NAMED;
  }
  if (Object.keys(errors).length > 0) throw formError(errors);
}

/** Refuses to delete a record that others point at with onDelete 'restrict'. */
async function checkNotReferenced(db: Db, model: AreaModel, id: number): Promise<void> {
  for (const reference of model.referencedBy) {
    if (reference.onDelete !== 'restrict') continue;
    const count = (await countByField(db, reference.from, reference.field, [id])).get(id) ?? 0;
    if (count > 0) {
      throw new HttpError(
        409,
        `This record cannot be deleted: ${count} ${count === 1 ? 'entry' : 'entries'} in ${reference.fromLabel} refer to it. Delete them or point them elsewhere first.`,
      );
    }
  }
}

/** A value of a unique field found unused in this transaction: no need to look it up again. */
interface FoundUnused {
  field: string;
  value: string;
}

/**
 * The slug a record's source field gives before a number is added to make it unused: its words ('Łódź office' →
 * 'lodz-office'), or, for a source without a letter or digit ('!!!'), the area's item ('post'), so that the website can
 * still open the record. '' when the source is missing or empty.
 */
export function slugBase(model: AreaModel, source: unknown): string {
  if (typeof source !== 'string' || source.trim() === '') return '';
  return slugify(source) || slugify(model.declaration.itemLabel ?? model.name);
}

/**
 * Fills an empty slug from its source field: 'title', then 'title-2', 'title-3'… until unused. Answers the slug it
 * chose, found unused.
 */
async function fillSlug(db: Db, model: AreaModel, candidate: Record<string, unknown>, exceptId?: number): Promise<FoundUnused | undefined> {
  if (!model.slug) return undefined;
  const current = candidate[model.slug.field];
  // Only a slug left out, null or blank is made: anything else (a number, a list) is the schema's to refuse, and was
  // taken as empty, so that a PUT with {"slug": 123} moved a published post to a new address (an outside probe).
  if (current !== undefined && current !== null && !(typeof current === 'string' && current.trim() === '')) return undefined;
  // A missing source is the schema's to report.
  const base = slugBase(model, candidate[model.slug.from]);
  if (base === '') return undefined;
  await holdSlugBase(db, model.name, base);
  for (let n = 1; n < 10_000; n++) {
    const slug = slugCandidate(base, n);
    if (!(await isValueTaken(db, model.name, model.slug.field, 'string', slug, exceptId))) {
      candidate[model.slug.field] = slug;
      return { field: model.slug.field, value: slug };
    }
  }
  return undefined;
}

/**
 * The unique fields whose values another record of the area holds. `held`: what the record being saved holds now; a
 * value it keeps is not looked up, as the field's unique index (server/db/area-indexes.ts) already holds it for this
 * record and so for no other (an update of the excerpt does not look its slug up again, issue #10).
 */
async function takenFields(db: Db, model: AreaModel, data: Record<string, unknown>, exceptId?: number, unused?: FoundUnused, held?: Record<string, unknown>) {
  const errors: Record<string, string> = {};
  for (const field of model.unique) {
    const value = data[field];
    const kind = model.fields.get(field)?.kind ?? 'unknown';
    if (value === null || value === undefined || value === '' || !['string', 'number', 'boolean'].includes(kind)) continue;
    if (unused && unused.field === field && unused.value === value) continue;
    if (held && held[field] === value) continue;
    if (await isValueTaken(db, model.name, field, kind, value, exceptId)) errors[field] = valueTaken(fieldLabel(model.declaration, field), model.slug?.field === field);
  }
  return errors;
}

async function checkUnique(
  db: Db,
  model: AreaModel,
  data: Record<string, unknown>,
  exceptId?: number,
  unused?: FoundUnused,
  held?: Record<string, unknown>,
): Promise<void> {
  const errors = await takenFields(db, model, data, exceptId, unused, held);
  if (Object.keys(errors).length > 0) throw formError(errors);
}

/** How many times a write whose made-up slug another save took first is run again (each time with the next one). */
const SLUG_RACE_RETRIES = 5;

/**
 * Runs a write; when a unique index refuses it (two saves raced past the check), answers with the same field
 * error the check gives. When the value refused is a slug the write made up itself (`generated`), the client asked
 * for none: the write runs again and takes the next free one, as it would have a moment later (on PostgreSQL, posts
 * created at once with one title lost all but one or two to "This value is already used": an outside probe).
 */
async function uniqueWrite<T>(
  db: Db,
  model: AreaModel,
  write: () => Promise<T>,
  data: () => Record<string, unknown> | undefined,
  exceptId?: number,
  generated?: () => FoundUnused | undefined,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      const candidate = data();
      if (!isUniqueViolation(error) || !candidate) throw error;
      const errors = await takenFields(db, model, candidate, exceptId);
      if (Object.keys(errors).length === 0) throw error;
      const slug = generated?.();
      const onlyTheSlug = slug !== undefined && Object.keys(errors).every((field) => field === slug.field) && candidate[slug.field] === slug.value;
      if (onlyTheSlug && attempt < SLUG_RACE_RETRIES) continue;
      throw formError(errors);
    }
  }
}

export async function getRecord(db: Db, model: AreaModel, id: number): Promise<ApiRecord> {
  const stored = await findRecord(db, model.name, id);
  if (!stored) throw new HttpError(404, NOT_FOUND);
  return toApiRecord(model, stored);
}

export async function createRecord(db: Db, model: AreaModel, input: unknown, { by, now = new Date(), audit: actor }: WriteOptions = {}): Promise<ApiRecord> {
  const sent = asObject(input);
  let data: Record<string, unknown> | undefined;
  let unused: FoundUnused | undefined;
  const stored = await uniqueWrite(
    db,
    model,
    () =>
      inTransaction(db, async (trx) => {
        // A copy each attempt: a slug made up by one that lost a race is made up again.
        const candidate = { ...sent };
        unused = await fillSlug(trx, model, candidate);
        data = validate(model, candidate);
        stampPublishTime(model, data, undefined, now);
        await checkUnique(trx, model, data, undefined, unused);
        await checkReferences(trx, model, data);
        await checkUploadTargets(trx, model, data);
        const position = model.ordered ? await nextPosition(trx, model.name) : null;
        const created = await insertRecord(trx, model.name, { data, position, by, index: indexEntry(model, data) }, now);
        await audit(trx, model, 'create', actor, created, changedFields(model, undefined, created.data), now);
        return created;
      }),
    () => data,
    undefined,
    () => unused,
  );
  return toApiRecord(model, stored);
}

/** A stored record as edit conflicts see it (server/edit-conflicts.ts). */
function currentState(model: AreaModel, stored: StoredRecord): CurrentState<ApiRecord> {
  return { kind: model.name, id: stored.id, version: stored.version, data: stored.data, updatedBy: stored.updatedBy, updatedAt: stored.updatedAt, answer: () => toApiRecord(model, stored) };
}

/** The declared fields a write sent, as `normal` (the candidate validated) holds them: how they would be stored. */
const sentFields = (model: AreaModel, changes: Record<string, unknown>, normal: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(changes).filter((field) => model.fields.has(field)).map((field) => [field, normal[field]]));

/**
 * Full or partial update: the body is merged onto the stored record and the result validated as a whole. A body
 * from a stale copy (options.expected) applies only the fields it changed, or is refused (409, issue #8).
 */
export async function updateRecord(db: Db, model: AreaModel, id: number, input: unknown, options: WriteOptions = {}): Promise<ApiRecord> {
  const changes = asObject(input);
  const now = options.now ?? new Date();
  let data: Record<string, unknown> | undefined;
  let unused: FoundUnused | undefined;
  const stored = await uniqueWrite(
    db,
    model,
    () =>
      inTransaction(db, async (trx) => {
        const existing = await findRecord(trx, model.name, id, { lock: true });
        if (!existing) throw new HttpError(404, NOT_FOUND);
        const candidate = { ...existing.data, ...changes };
        unused = await fillSlug(trx, model, candidate, id);
        data = validate(model, candidate, {}, existing.data);
        if (options.expected !== undefined && options.expected !== existing.version) {
          const applied = await applicableChanges(trx, currentState(model, existing), sentFields(model, changes, data), options.expected);
          const merged = { ...existing.data, ...applied };
          unused = await fillSlug(trx, model, merged, id);
          data = validate(model, merged, {}, existing.data);
        }
        stampPublishTime(model, data, existing.data, now);
        await checkUnique(trx, model, data, id, undefined, existing.data);
        await checkReferences(trx, model, data, existing.data);
        await checkUploadTargets(trx, model, data, existing.data);
        if (changedFields(model, existing.data, data).length === 0) return existing;
        const updated = (await updateRecordData(trx, model.name, existing, { ...undeclared(model, existing.data), ...data }, { by: options.by, now, index: indexEntry(model, data) }))!;
        await audit(trx, model, 'update', options.audit, updated, changedFields(model, existing.data, updated.data), now);
        return updated;
      }),
    () => data,
    id,
    () => unused,
  );
  return toApiRecord(model, stored);
}

/** `expected`: the version the client saw; a delete of a stale copy is refused (409). */
export async function removeRecord(db: Db, model: AreaModel, id: number, { expected, audit: actor, now = new Date() }: WriteOptions = {}): Promise<ApiRecord> {
  const stored = await inTransaction(db, async (trx) => {
    const existing = await findRecord(trx, model.name, id, { lock: true });
    if (!existing) throw new HttpError(404, NOT_FOUND);
    await checkDeleteVersion(trx, currentState(model, existing), expected);
    await checkNotReferenced(trx, model, id);
    const deleted = await deleteRecord(trx, model.name, id);
    if (deleted) await audit(trx, model, 'delete', actor, deleted, null, now);
    return deleted;
  });
  if (!stored) throw new HttpError(404, NOT_FOUND);
  return toApiRecord(model, stored);
}

/** Rewrites the positions of an ordered area: `ids` must be all of its records, each once. */
export async function reorderRecords(db: Db, model: AreaModel, input: unknown): Promise<number[]> {
  const ids = (input as { ids?: unknown } | null)?.ids;
  if (!Array.isArray(ids) || !ids.every((id) => Number.isSafeInteger(id) && id > 0)) {
    throw new HttpError(400, 'The body must be { "ids": [...] }: the ids of all records in their new order.');
  }
  const order = ids as number[];
  if (new Set(order).size !== order.length) throw new HttpError(400, 'The new order lists a record twice.');
  await inTransaction(db, async (trx) => {
    const current = new Set(await listIds(trx, model.name, { lock: true }));
    if (current.size !== order.length || !order.every((id) => current.has(id))) {
      throw new HttpError(400, 'The new order must name every record of this area exactly once: records were added or deleted since the list was read. Read the list again, then send its order.');
    }
    await setPositions(trx, model.name, order);
  });
  return order;
}

// ---- singletons ----------------------------------------------------------------------------------------------

/** What the edit form starts from before anything is saved: every field that has a default (or may be empty). */
function singletonDefaults(model: AreaModel): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(model.schema.shape)) {
    const result = (schema as z.ZodType).safeParse(undefined);
    if (result.success && result.data !== undefined) defaults[field] = result.data;
  }
  return defaults;
}

// Before its first save a singleton is its defaults, version 1; the first save makes version 2 (issue #8).
const UNSAVED_SINGLETON_VERSION = 1;

const unsavedSingleton = (model: AreaModel): ApiRecord => ({
  id: SINGLETON_ID,
  ...singletonDefaults(model),
  [VERSION_FIELD]: UNSAVED_SINGLETON_VERSION,
  created_at: null,
  updated_at: null,
});

export async function getSingleton(db: Db, model: AreaModel): Promise<ApiRecord> {
  const stored = await findOnlyRecord(db, model.name);
  return stored ? toApiRecord(model, stored) : unsavedSingleton(model);
}

/**
 * Creates the singleton's record on its first save, then updates it (merged, like updateRecord, stale copies
 * included). The defaults a first save supersedes are its version 1's revision, the base of a stale first save.
 */
export async function putSingleton(db: Db, model: AreaModel, input: unknown, { expected, by, now = new Date(), audit: actor }: WriteOptions = {}): Promise<ApiRecord> {
  const changes = asObject(input);
  const save = () =>
    inTransaction(db, async (trx) => {
      const existing = await findOnlyRecord(trx, model.name, { lock: true });
      let data = validate(model, { ...existing?.data, ...changes }, {}, existing?.data);
      const current: CurrentState<ApiRecord> = existing
        ? currentState(model, existing)
        : { kind: model.name, id: 0, version: UNSAVED_SINGLETON_VERSION, data: singletonDefaults(model), updatedBy: null, updatedAt: null, answer: () => unsavedSingleton(model) };
      if (expected !== undefined && expected !== current.version) {
        const applied = await applicableChanges(trx, current, sentFields(model, changes, data), expected);
        data = validate(model, { ...current.data, ...applied }, {}, existing?.data);
      }
      await checkReferences(trx, model, data, existing?.data);
      await checkUploadTargets(trx, model, data, existing?.data);
      // A singleton is always 'update'd: before its first save it already shows its defaults.
      const saved = async (stored: StoredRecord) => {
        await audit(trx, model, 'update', actor, stored, changedFields(model, current.data, stored.data), now);
        return stored;
      };
      if (existing && changedFields(model, existing.data, data).length === 0) return existing;
      if (existing) return saved((await updateRecordData(trx, model.name, existing, { ...undeclared(model, existing.data), ...data }, { by, now, index: indexEntry(model, data) }))!);
      const created = await saved(await insertRecord(trx, model.name, { data, version: UNSAVED_SINGLETON_VERSION + 1, by, index: indexEntry(model, data) }, now));
      await saveRevision(trx, { kind: model.name, recordId: created.id, version: UNSAVED_SINGLETON_VERSION, data: singletonDefaults(model), updatedBy: null, updatedAt: null });
      return created;
    });
  try {
    return toApiRecord(model, await save());
  } catch (error) {
    // Two first saves raced and the singleton index let one in: this one becomes an update.
    if (!isUniqueViolation(error)) throw error;
    return toApiRecord(model, await save());
  }
}

// ---- inboxes -------------------------------------------------------------------------------------------------

export interface InboxState {
  status?: string;
  notes?: string | null;
  read?: boolean;
}

export interface SubmissionOptions {
  /**
   * From the public website: an upload field holds only a file sent with the submission (`files`), never a value
   * of the body, so a visitor cannot attach a file someone else uploaded.
   */
  publicSubmission?: boolean;
  /** Files sent with the submission, checked by their bytes, by upload field; stored with the record. */
  files?: ReadonlyMap<string, readonly NewUpload[]>;
  /** Field errors found before the body got here (a refused file), answered with the schema's. */
  errors?: Record<string, string>;
  /** More field errors, from the database, checked in the write's transaction before the references. */
  check?: (trx: Db, data: Record<string, unknown>) => Promise<Record<string, string>>;
  /** Refuses the submission (throws) in the write's transaction, once everything else is checked: a form's cap. */
  admit?: (trx: Db) => Promise<void>;
  state?: InboxState;
  now?: Date;
}

const FILE_IN_BODY = 'Send the file itself with the form (multipart/form-data), not a reference to one';

/** A visitor's upload fields: only the files sent with the form fill them. */
function attachFiles(model: AreaModel, candidate: Record<string, unknown>, files: ReadonlyMap<string, readonly NewUpload[]>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, arity] of model.uploadFields) {
    const value = candidate[field];
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (!empty) errors[field] = FILE_IN_BODY;
    const sent = (files.get(field) ?? []).map((upload) => ({ src: `/api/uploads/${upload.id}`, title: upload.filename, mime: upload.mime, size: upload.size }));
    if (sent.length > 0) candidate[field] = arity === 'one' ? sent[0] : sent;
    if (arity === 'one' && sent.length > 1) errors[field] ??= 'Send one file only';
  }
  for (const field of files.keys()) if (!model.uploadFields.has(field)) errors[field] = 'This field takes no file';
  return errors;
}

/** The submission's fields, validated, with the files sent with it in its upload fields. */
function submittedData(model: AreaModel, input: unknown, options: SubmissionOptions) {
  const candidate = asObject(input);
  for (const field of ['status', 'notes', 'read']) delete candidate[field];
  const files = options.files ?? new Map<string, readonly NewUpload[]>();
  const errors = { ...(options.publicSubmission ? attachFiles(model, candidate, files) : {}), ...options.errors };
  return { data: validate(model, candidate, errors), files };
}

/** The checks that read the database, in the write's transaction. */
async function checkSubmission(trx: Db, model: AreaModel, data: Record<string, unknown>, options: SubmissionOptions): Promise<void> {
  const refused = (await options.check?.(trx, data)) ?? {};
  if (Object.keys(refused).length > 0) throw formError(refused);
  await checkReferences(trx, model, data);
}

/** A new submission (the public website, or sample content), with the files sent with it, in one transaction. */
export async function createSubmission(db: Db, model: AreaModel, input: unknown, options: SubmissionOptions = {}): Promise<ApiRecord> {
  const { data, files } = submittedData(model, input, options);
  const state = inboxUpdateSchema().parse(options.state ?? {});
  const stored = await inTransaction(db, async (trx) => {
    await checkSubmission(trx, model, data, options);
    // Before the record, which names them (upload_references).
    if (options.publicSubmission) for (const upload of [...files.values()].flat()) await insertUpload(trx, upload);
    // Last before the record: a lock it takes is held for the record's insert and the commit, not a file's bytes.
    await options.admit?.(trx);
    const stored = { ...data, status: state.status ?? 'new', notes: state.notes, read: state.read ?? false };
    return insertRecord(trx, model.name, { data: stored, index: indexEntry(model, stored) }, options.now);
  });
  return toApiRecord(model, stored);
}

/**
 * Every check of createSubmission, its refusals ignored, and nothing stored: what a submission caught by the
 * honeypot goes through, so its answer takes about as long as a real one's.
 */
export async function rehearseSubmission(db: Db, model: AreaModel, input: unknown, options: SubmissionOptions = {}): Promise<void> {
  try {
    const { data } = submittedData(model, input, options);
    await inTransaction(db, (trx) => checkSubmission(trx, model, data, options));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
  }
}

/** Administrators change only status, notes and read; the submitted fields stay as they were sent. */
export async function updateSubmission(db: Db, model: AreaModel, id: number, input: unknown, { expected, by, now = new Date(), audit: actor }: WriteOptions = {}): Promise<ApiRecord> {
  const body = asObject(input);
  const result = inboxUpdateSchema().safeParse(body);
  if (!result.success) throw formError(fieldErrors(result.error));
  // Only what was sent: a missing `notes` must not clear the notes.
  const changes = Object.fromEntries(Object.entries(result.data).filter(([key]) => key in body && body[key] !== undefined));
  const stored = await inTransaction(db, async (trx) => {
    const existing = await findRecord(trx, model.name, id, { lock: true });
    if (!existing) throw new HttpError(404, NOT_FOUND);
    const applied = await applicableChanges(trx, currentState(model, existing), changes, expected);
    const next = { ...existing.data, ...applied };
    if (changedFields(model, existing.data, next).length === 0) return existing;
    const updated = (await updateRecordData(trx, model.name, existing, next, { by, now, index: indexEntry(model, next) }))!;
    // Marking read or unread is not audited (docs/security.md): only a changed status or notes are.
    const fields = changedFields(model, existing.data, updated.data).filter((field) => field !== 'read');
    if (fields.length > 0) await audit(trx, model, 'update', actor, updated, fields, now);
    return updated;
  });
  return toApiRecord(model, stored);
}

/** Opening a submission in the console marks it read. */
export async function openSubmission(db: Db, model: AreaModel, id: number): Promise<ApiRecord> {
  const stored = await findRecord(db, model.name, id);
  if (!stored) throw new HttpError(404, NOT_FOUND);
  if (stored.data.read === true) return toApiRecord(model, stored);
  // One transaction: the record and its side-table rows (when `read` is filtered by) are stored together or not at all.
  const reindex = isIndexed(model, 'read') ? (data: Record<string, unknown>) => indexEntry(model, data) : undefined;
  const updated = await inTransaction(db, (trx) => setRecordField(trx, model.name, id, 'read', true, reindex));
  if (!updated) throw new HttpError(404, NOT_FOUND);
  return toApiRecord(model, updated);
}
