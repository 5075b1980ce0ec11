// The API of every declared area (schema/areas), in the ra-data-simple-rest dialect. Nothing here is specific
// to one area: what differs between areas comes from their declarations (server/areas/model.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { LIST_PROJECTION } from '../../schema/api';
import { etagOf } from '../../schema/conflicts';
import { inboxUpdateSchema } from '../../schema/define';
import { withComputed } from '../areas/computed';
import { MAX_PAGE_SIZE, listTime, parseFilter, parseListQuery, parseSort, type RawListParams } from '../areas/list-query';
import { indexedFields } from '../areas/search-index';
import type { AreaModel } from '../areas/model';
import {
  NOT_FOUND,
  SINGLETON_ID,
  createRecord,
  getRecord,
  getSingleton,
  openSubmission,
  putSingleton,
  removeRecord,
  reorderRecords,
  toApiRecord,
  updateRecord,
  updateSubmission,
  type ApiRecord,
  type WriteOptions,
} from '../areas/records';
import { csvStream, inBatches } from '../csv';
import type { Database } from '../db/types';
import { EditConflictError, expectedVersion } from '../edit-conflicts';
import { HttpError } from '../http-error';
import { requireUser } from '../plugins/authenticate';
import { SIGNED_IN, SIGNED_IN_WITH_CSRF, documentationOnly } from '../plugins/openapi';
import type { AuditActor } from '../repositories/audit';
import { fieldValues } from '../repositories/record-index';
import { countFalse, listAllIds, listRecords, recordsByIds } from '../repositories/records';
import { adminListItemSchema, adminRecordSchema, conflictResponse, errorResponses, ifMatchHeaders, listQuerySchema, pageSchema, pascalCase, recordId, versionInBody, withEtag } from './contract';

export interface ResourceRoutesOptions {
  db: Kysely<Database>;
  areas: readonly AreaModel[];
}

export const idParams = z.object({ id: recordId().describe("The record's id") });

type App = Parameters<FastifyPluginAsyncZod<ResourceRoutesOptions>>[0];

/** What a write may send: every field optional, since the body is merged onto the stored record. */
function partialBody(model: AreaModel) {
  // Not `.partial()`: zod refuses it on a refined object (banners).
  return z.object({
    ...Object.fromEntries(Object.entries(model.schema.shape).map(([name, field]) => [name, (field as z.ZodType).optional()])),
    version: versionInBody,
  });
}

/** The route schema parts every operation of an area shares: tag, operation id and summary from its name. */
function operation(model: AreaModel, verb: string, summary: string, description?: string) {
  return {
    tags: ['areas'],
    operationId: `${verb}${pascalCase(model.name)}`,
    summary: `${model.declaration.label}: ${summary}`,
    ...(description && { description }),
  };
}

const writeErrors = [400, 401, 403, 413, 415] as const;

/** ra-data-simple-rest reads the total from `Content-Range: <name> <start>-<end>/<total>`. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** `exact` false: more than LIST_COUNT_CAP records match, and the total is sent as unknown (`*`, issue #10). */
export function sendPage<T>(reply: FastifyReply, name: string, start: number, records: T[], total: number, exact = true): T[] {
  const range = records.length > 0 ? `${start}-${start + records.length - 1}` : '*';
  reply.header('content-range', `${name} ${range}/${exact ? total : '*'}`);
  // The console may be served from another origin in development; it must still read the total.
  reply.header('access-control-expose-headers', `Content-Range, ${NEXT_CURSOR_HEADER}`);
  return records;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Who makes a request's change, and from where (request.ip under TRUST_PROXY), for the audit log (issue #9). */
export function auditActor(request: FastifyRequest): AuditActor {
  const user = requireUser(request);
  return { userId: user.id, userName: user.name, ip: request.ip, tokenId: request.tokenId };
}

/** Who writes, and the version the write started from (If-Match, else the body's `version`): issue #8. */
export function writeOptions(request: FastifyRequest, body?: unknown): WriteOptions {
  return { by: requireUser(request).id, expected: expectedVersion(request.headers['if-match'], body), audit: auditActor(request) };
}

/** GET one's answer, with its version as the ETag (issue #8). */
function withVersionTag(reply: FastifyReply, record: ApiRecord): ApiRecord {
  if (typeof record.version === 'number') reply.header('etag', etagOf(record.version));
  return record;
}

/** Runs a write; a 409 carries the current record as GET answers it, computed values included. */
async function answeringConflicts<T>(db: Kysely<Database>, model: AreaModel, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof EditConflictError) {
      const [current] = await withComputed(db, model, [error.conflict.current as ApiRecord]);
      if (current) error.conflict.current = current;
    }
    throw error;
  }
}

function registerCollection(app: App, db: Kysely<Database>, model: AreaModel, areas: readonly AreaModel[]) {
  const base = `/api/${model.name}`;
  const isInbox = model.kind === 'inbox';
  const record = adminRecordSchema(model);
  const one = (description: string) => record.describe(description);
  const listQuery = listQuerySchema(model, { keyset: true });

  const listSchema = {
    ...operation(model, 'list', 'list', 'A page of records, sorted and filtered (the ra-data-simple-rest dialect).'),
    security: SIGNED_IN,
    querystring: listQuery,
    response: { 200: pageSchema(adminListItemSchema(model), model.name, { keyset: true }), ...errorResponses(400, 401) },
  };
  app.get(base, { schema: listSchema }, async (request, reply) => {
    const query = parseListQuery(model, request.query as RawListParams, listTime(), { keyset: true });
    const projection = (request.query as { projection?: unknown }).projection;
    // Given twice it is a list: said so, as for the other parameters (list-query.ts).
    if (Array.isArray(projection)) throw new HttpError(400, `The projection parameter must be given once, as '${LIST_PROJECTION}'.`);
    if (projection !== undefined && projection !== LIST_PROJECTION) throw new HttpError(400, `The projection parameter must be '${LIST_PROJECTION}' or absent.`);
    const omit = projection === LIST_PROJECTION ? model.richText : [];
    const { records, total, exact, next } = await listRecords(db, model.name, query, { omit });
    const shown = records.map((record) => {
      const answer = toApiRecord(model, record);
      if (projection === LIST_PROJECTION) for (const field of model.richText) delete answer[field];
      return answer;
    });
    const page = await withComputed(db, model, shown);
    // The next page by keyset (issue #10): `cursor=<this>` with the same sort, filter and page size.
    if (next) reply.header(NEXT_CURSOR_HEADER, next);
    return sendPage(reply, model.name, query.range.start, page, total, exact);
  });

  // The values an array field holds across the area, most used first: the tag suggestions of a form (issue #10).
  for (const field of indexedFields(model).arrays) {
    const valuesSchema = {
      ...operation(model, `values${pascalCase(field)}`, `values of ${field}`, `The values \`${field}\` holds across the area, most used first, with how many records hold each.`),
      security: SIGNED_IN,
      querystring: z.object({
        q: z.string().max(100, { error: "The 'q' parameter is at most 100 characters" }).optional().meta({ description: 'Only values starting with this text (any case)' }),
        limit: z.coerce
          .number({ error: "The 'limit' parameter must be a whole number" })
          .min(1, { error: "The 'limit' parameter must be at least 1" })
          .max(MAX_PAGE_SIZE, { error: `The 'limit' parameter must be at most ${MAX_PAGE_SIZE}` })
          .int({ error: "The 'limit' parameter must be a whole number" })
          .default(20)
          .meta({ description: `At most this many values (${MAX_PAGE_SIZE} at most)` }),
      }),
      response: {
        200: z.array(z.object({ value: z.string(), count: z.int().positive() })).describe('The values, most used first, then in alphabetical order.'),
        ...errorResponses(400, 401),
      },
    };
    app.get(`${base}/values/${field}`, { schema: valuesSchema }, async (request) => {
      const prefix = request.query.q?.trim();
      return fieldValues(db, model.name, field, { prefix: prefix || undefined, limit: request.query.limit });
    });
  }

  if (isInbox) {
    // Static paths win over `/:id` in Fastify's router, whatever the registration order.
    const exportSchema = {
      ...operation(model, 'export', 'export as CSV', 'Every record that matches `filter`, sorted by `sort`, as a CSV file.'),
      security: SIGNED_IN,
      querystring: listQuerySchema(model, { paged: false }),
      produces: ['text/csv'],
      response: {
        200: {
          description: "A CSV file (UTF-8 with a byte order mark), one column per field; beside a reference's id, its target's label (`career_title` after `career_id`), empty once the target is deleted.",
          headers: {
            'Content-Disposition': { type: 'string', description: '`attachment; filename="<area>-<YYYY-MM-DD>.csv"`: the name a browser saves it under.' },
            'Cache-Control': { type: 'string', description: '`no-store`: it holds what visitors sent.' },
          },
          content: { 'text/csv': { schema: z.string() } },
        },
        ...errorResponses(400, 401),
      },
    };
    // A reference is exported as its id and, beside it, what the console shows for it: the target's label field
    // ('career_id', then 'career_title', the job posting's title); empty where the target was deleted.
    const namedBy = new Map(
      model.references.flatMap((reference) => {
        const target = areas.find((candidate) => candidate.name === reference.area);
        const labelField = target?.declaration.recordLabel;
        const column = `${reference.field.replace(/_id$/, '')}_${labelField}`;
        if (!target || !labelField || model.fields.has(column)) return [];
        return [[reference.field, { field: reference.field, column, target, labelField }] as const];
      }),
    );
    const withName = (field: string) => {
      const named = namedBy.get(field);
      return named ? [field, named.column] : [field];
    };
    const columns = ['id', ...Object.keys(model.schema.shape).flatMap(withName), 'status', 'read', 'notes', 'created_at', 'updated_at'];
    app.get(`${base}/export.csv`, { schema: exportSchema }, async (request, reply) => {
      const params = request.query as RawListParams;
      // Every record that matched when the export began, each once, with its values as they are when its batch is
      // read (one deleted meanwhile is left out), EXPORT_BATCH at a time (server/csv.ts).
      const ids = await listAllIds(db, model.name, parseFilter(model, params.filter), parseSort(model, params.sort));
      const rows = inBatches(ids, async (batch) => {
        const records = (await recordsByIds(db, model.name, batch)).map((stored) => toApiRecord(model, stored));
        for (const { field, column, target, labelField } of namedBy.values()) {
          const targetIds = [...new Set(records.map((record) => record[field]).filter((id): id is number => typeof id === 'number'))];
          const labels = new Map((await recordsByIds(db, target.name, targetIds)).map((stored) => [stored.id, toApiRecord(target, stored)[labelField]]));
          for (const record of records) record[column] = labels.get(record[field] as number) ?? null;
        }
        return records.map((record) => columns.map((column) => record[column]));
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${model.name}-${today()}.csv"`)
        .header('cache-control', 'no-store')
        // A stream is sent as it is (never serialized); the contract's string is what the client receives.
        .send(csvStream(columns, rows) as unknown as string);
    });
  }

  const getSchema = {
    ...operation(model, 'get', 'get one', `One record by its id; its ETag is its version, to send back in If-Match when updating it.${isInbox ? ' Opening a submission (GET, not HEAD) marks it read.' : ''}`),
    security: SIGNED_IN,
    params: idParams,
    response: { 200: withEtag(record, 'The record.'), ...errorResponses(400, 401, 404) },
  };
  app.get(`${base}/:id`, { schema: getSchema }, async (request, reply) => {
    const id = Number(request.params.id);
    // Fastify answers HEAD with this handler too; a HEAD (curl -I, a link checker) must change nothing.
    const record = isInbox && request.method === 'GET' ? await openSubmission(db, model, id) : await getRecord(db, model, id);
    const [withValues] = await withComputed(db, model, [record]);
    return withVersionTag(reply, withValues!);
  });

  if (!isInbox) {
    const createSchema = {
      ...operation(model, 'create', 'create', 'A new record, checked against the area\'s declaration (refused with 400 and a message per field); answers it as stored, with its id.'),
      security: SIGNED_IN_WITH_CSRF,
      body: documentationOnly(model.schema),
      response: { 201: one('The record as stored.'), ...errorResponses(...writeErrors) },
    };
    app.post(base, { schema: createSchema }, async (request, reply) => {
      const record = await createRecord(db, model, request.body, { by: requireUser(request).id, audit: auditActor(request) });
      const [withValues] = await withComputed(db, model, [record]);
      return reply.code(201).send(withValues!);
    });
  }

  if (model.ordered) {
    const ids = z.object({ ids: z.array(z.int().positive()).describe('The ids of all records of the area, in their new order.') });
    const orderSchema = {
      ...operation(model, 'reorder', 'set the order', 'The order of the records on the website and in the console: `ids`, every record of the area, first to last.'),
      security: SIGNED_IN_WITH_CSRF,
      body: documentationOnly(ids),
      response: { 200: ids.describe('The new order.'), ...errorResponses(...writeErrors) },
    };
    app.put(`${base}/order`, { schema: orderSchema }, async (request) => ({ ids: await reorderRecords(db, model, request.body) }));
  }

  const updateSchema = {
    ...operation(
      model,
      'update',
      'update',
      isInbox
        ? 'Only the status, the notes and read change: the submitted fields stay as they were sent.'
        : 'The body is merged onto the stored record (a partial update), then the whole record is checked.',
    ),
    security: SIGNED_IN_WITH_CSRF,
    params: idParams,
    headers: ifMatchHeaders,
    body: documentationOnly(isInbox ? inboxUpdateSchema().extend({ version: versionInBody }) : partialBody(model)),
    response: { 200: one('The record as stored.'), ...errorResponses(...writeErrors, 404), ...conflictResponse(record) },
  };
  app.put(`${base}/:id`, { schema: updateSchema }, async (request) => {
    const id = Number(request.params.id);
    const options = writeOptions(request, request.body);
    const write = () => (isInbox ? updateSubmission(db, model, id, request.body, options) : updateRecord(db, model, id, request.body, options));
    const [withValues] = await withComputed(db, model, [await answeringConflicts(db, model, write)]);
    return withValues!;
  });

  const deleteSchema = {
    ...operation(model, 'delete', 'delete', 'Deletes the record by its id and answers it as it was.'),
    security: SIGNED_IN_WITH_CSRF,
    params: idParams,
    headers: ifMatchHeaders,
    response: {
      200: adminRecordSchema(model, { computed: false }).describe('The record as it was.'),
      ...errorResponses(400, 401, 403, 404),
      ...conflictResponse(record, { alsoReferenced: true }),
    },
  };
  app.delete(`${base}/:id`, { schema: deleteSchema }, async (request) =>
    answeringConflicts(db, model, () => removeRecord(db, model, Number(request.params.id), writeOptions(request))),
  );
}

function registerSingleton(app: App, db: Kysely<Database>, model: AreaModel) {
  const base = `/api/${model.name}`;
  // Before its first save, a singleton answers its defaults, without created_at and updated_at.
  const record = adminRecordSchema(model);
  const singletonParams = idParams.describe(`Always ${SINGLETON_ID}: the area has one record.`);
  const checkId = (id: string) => {
    if (Number(id) !== SINGLETON_ID) throw new HttpError(404, NOT_FOUND);
  };

  const listSchema = {
    ...operation(model, 'list', 'list (its one record)', 'The one record, as a list of one, for ra-data-simple-rest.'),
    security: SIGNED_IN,
    response: { 200: pageSchema(record, model.name), ...errorResponses(401) },
  };
  app.get(base, { schema: listSchema }, async (_request, reply) => sendPage(reply, model.name, 0, [await getSingleton(db, model)], 1));
  const getSchema = {
    ...operation(model, 'get', 'get', 'The one record of this area.'),
    security: SIGNED_IN,
    params: singletonParams,
    response: { 200: withEtag(record, 'The record (its defaults, version 1, before the first save).'), ...errorResponses(400, 401, 404) },
  };
  app.get(`${base}/:id`, { schema: getSchema }, async (request, reply) => {
    checkId(request.params.id);
    return withVersionTag(reply, await getSingleton(db, model));
  });
  const updateSchema = {
    ...operation(model, 'update', 'update', 'The body is merged onto the stored record (the first save creates it), then the whole record is checked.'),
    security: SIGNED_IN_WITH_CSRF,
    params: singletonParams,
    headers: ifMatchHeaders,
    body: documentationOnly(partialBody(model)),
    response: { 200: record.describe('The record as stored.'), ...errorResponses(...writeErrors, 404), ...conflictResponse(record) },
  };
  app.put(`${base}/:id`, { schema: updateSchema }, async (request) => {
    checkId(request.params.id);
    return putSingleton(db, model, request.body, writeOptions(request, request.body));
  });
}

/** Every route here requires a signed-in user. */
export const resourceRoutes: FastifyPluginAsyncZod<ResourceRoutesOptions> = async (app, { db, areas }) => {
  // onRequest rather than preHandler: nothing is parsed or validated for a request without a valid token.
  app.addHook('onRequest', app.authenticate);

  for (const model of areas) {
    if (model.kind === 'singleton') registerSingleton(app, db, model);
    else registerCollection(app, db, model, areas);
  }

  const inboxes = areas.filter((model) => model.kind === 'inbox').map((model) => model.name);
  // The Forms menu badges: unread submissions per inbox.
  const unreadSchema = {
    tags: ['areas'],
    operationId: 'countUnreadSubmissions',
    summary: 'Unread submissions per inbox',
    description: "The Forms menu's badges.",
    security: SIGNED_IN,
    response: {
      200: z.object(Object.fromEntries(inboxes.map((name) => [name, z.int().nonnegative()]))).describe('Per inbox, how many submissions are unread.'),
      ...errorResponses(401),
    },
  };
  app.get('/api/forms/unread', { schema: unreadSchema }, async () => {
    const counts = await countFalse(db, inboxes, 'read');
    return Object.fromEntries(inboxes.map((name) => [name, counts.get(name) ?? 0]));
  });
};
