// The API of every declared area (schema/areas), in the ra-data-simple-rest dialect. Nothing here is specific
// to one area: what differs between areas comes from their declarations (server/areas/model.ts).
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { withComputed } from '../areas/computed';
import { parseFilter, parseListQuery, parseSort, type RawListParams } from '../areas/list-query';
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
} from '../areas/records';
import { toCsv } from '../csv';
import type { Database } from '../db/types';
import { HttpError } from '../http-error';
import { countFalse, listAllRecords, listRecords } from '../repositories/records';

export interface ResourceRoutesOptions {
  db: Kysely<Database>;
  areas: readonly AreaModel[];
}

// 15 digits stay within Number.MAX_SAFE_INTEGER.
export const idParams = z.object({
  id: z.string().regex(/^[1-9]\d{0,14}$/, { error: 'The id must be a positive whole number' }),
});

/** ra-data-simple-rest reads the total from `Content-Range: <name> <start>-<end>/<total>`. */
export function sendPage(reply: FastifyReply, name: string, start: number, records: readonly unknown[], total: number) {
  const range = records.length > 0 ? `${start}-${start + records.length - 1}` : '*';
  reply.header('content-range', `${name} ${range}/${total}`);
  // The console may be served from another origin in development; it must still read the total.
  reply.header('access-control-expose-headers', 'Content-Range');
  return records;
}

const today = () => new Date().toISOString().slice(0, 10);

function registerCollection(app: Parameters<FastifyPluginAsyncZod<ResourceRoutesOptions>>[0], db: Kysely<Database>, model: AreaModel) {
  const base = `/api/${model.name}`;
  const isInbox = model.kind === 'inbox';

  app.get(base, async (request, reply) => {
    const query = parseListQuery(model, request.query as RawListParams);
    const { records, total } = await listRecords(db, model.name, query);
    const page = await withComputed(db, model, records.map((record) => toApiRecord(model, record)));
    return sendPage(reply, model.name, query.range.start, page, total);
  });

  if (isInbox) {
    // Static paths win over `/:id` in Fastify's router, whatever the registration order.
    app.get(`${base}/export.csv`, async (request, reply) => {
      const params = request.query as RawListParams;
      const records = await listAllRecords(db, model.name, parseFilter(model, params.filter), parseSort(model, params.sort));
      const columns = ['id', ...Object.keys(model.schema.shape), 'status', 'read', 'notes', 'created_at', 'updated_at'];
      const rows = records.map((stored) => {
        const record = toApiRecord(model, stored);
        return columns.map((column) => record[column]);
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${model.name}-${today()}.csv"`)
        .header('cache-control', 'no-store')
        // The byte order mark makes Excel read the file as UTF-8.
        .send(`\uFEFF${toCsv(columns, rows)}`);
    });
  }

  app.get(`${base}/:id`, { schema: { params: idParams } }, async (request) => {
    const id = Number(request.params.id);
    const record = isInbox ? await openSubmission(db, model, id) : await getRecord(db, model, id);
    const [withValues] = await withComputed(db, model, [record]);
    return withValues;
  });

  if (!isInbox) {
    app.post(base, async (request, reply) => {
      const record = await createRecord(db, model, request.body);
      const [withValues] = await withComputed(db, model, [record]);
      return reply.code(201).send(withValues);
    });
  }

  if (model.ordered) {
    app.put(`${base}/order`, async (request) => ({ ids: await reorderRecords(db, model, request.body) }));
  }

  app.put(`${base}/:id`, { schema: { params: idParams } }, async (request) => {
    const id = Number(request.params.id);
    const record = isInbox ? await updateSubmission(db, model, id, request.body) : await updateRecord(db, model, id, request.body);
    const [withValues] = await withComputed(db, model, [record]);
    return withValues;
  });

  app.delete(`${base}/:id`, { schema: { params: idParams } }, async (request) => removeRecord(db, model, Number(request.params.id)));
}

function registerSingleton(app: Parameters<FastifyPluginAsyncZod<ResourceRoutesOptions>>[0], db: Kysely<Database>, model: AreaModel) {
  const base = `/api/${model.name}`;
  const checkId = (id: string) => {
    if (Number(id) !== SINGLETON_ID) throw new HttpError(404, NOT_FOUND);
  };

  app.get(base, async (_request, reply) => sendPage(reply, model.name, 0, [await getSingleton(db, model)], 1));
  app.get(`${base}/:id`, { schema: { params: idParams } }, async (request) => {
    checkId(request.params.id);
    return getSingleton(db, model);
  });
  app.put(`${base}/:id`, { schema: { params: idParams } }, async (request) => {
    checkId(request.params.id);
    return putSingleton(db, model, request.body);
  });
}

/** Every route here requires a signed-in user. */
export const resourceRoutes: FastifyPluginAsyncZod<ResourceRoutesOptions> = async (app, { db, areas }) => {
  // onRequest rather than preHandler: nothing is parsed or validated for a request without a valid token.
  app.addHook('onRequest', app.authenticate);

  for (const model of areas) {
    if (model.kind === 'singleton') registerSingleton(app, db, model);
    else registerCollection(app, db, model);
  }

  const inboxes = areas.filter((model) => model.kind === 'inbox').map((model) => model.name);
  // The Forms menu badges: unread submissions per inbox.
  app.get('/api/forms/unread', async () => {
    const counts = await countFalse(db, inboxes, 'read');
    return Object.fromEntries(inboxes.map((name) => [name, counts.get(name) ?? 0]));
  });
};
