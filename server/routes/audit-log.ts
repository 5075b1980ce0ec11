// The audit log (issue #9): read-only, for signed-in users, in the ra-data-simple-rest list dialect, and as CSV.
// Entries are written by the routes that make the changes (resources, users, auth), in the change's transaction.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_LOG } from '../../schema/audit-log';
import { parseListQuery, parseSort, parseFilter, timeBound, type RawListParams } from '../areas/list-query';
import type { ListField, ListModel } from '../areas/model';
import type { Config } from '../config';
import { csvStream, inBatches } from '../csv';
import type { Database } from '../db/types';
import { HttpError } from '../http-error';
import { SIGNED_IN } from '../plugins/openapi';
import { auditEntriesByIds, exportAuditIds, listAuditEntries, pruneAuditLog, type AtBound } from '../repositories/audit';
import { errorResponses, listQuerySchema, pageSchema } from './contract';
import { sendPage } from './resources';
import { unhurried } from '../db/postgres-sessions';

const HOUR_MS = 3_600_000;

const column = (name: string, kind: ListField['kind'] = 'string'): ListField => ({ name, kind, column: name });

const listModel: ListModel = {
  name: AUDIT_LOG,
  sortable: new Map(['id', 'at', 'action', 'user_name', 'area'].map((name) => [name, column(name, name === 'id' ? 'number' : 'string')])),
  filterable: new Map([
    ['action', column('action')],
    ['user_id', { ...column('user_id', 'number'), holdsIds: true }],
    ['area', column('area')],
    ['record_id', { ...column('record_id', 'number'), holdsIds: true }],
  ]),
  search: [column('record_label'), column('email')],
  defaultSort: { field: column('at'), order: 'DESC' },
  dateFilters: false,
  ownFilters: [
    { name: 'from', description: 'a date, or a date and time: `at` from then on' },
    { name: 'to', description: 'a date, or a date and time: `at` up to then' },
  ],
};

/** Takes `from` and `to` out of the filter (the rest goes to the shared parser), and checks `action`. */
function splitFilter(raw: unknown): { rest: unknown; bounds: AtBound[] } {
  if (typeof raw !== 'string') return { rest: raw, bounds: [] };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { rest: raw, bounds: [] }; // the shared parser words the error
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { rest: raw, bounds: [] };
  const { from, to, ...rest } = value as Record<string, unknown>;
  const action = rest.action;
  if (action !== undefined && action !== null && !(AUDIT_ACTIONS as readonly unknown[]).includes(action)) {
    throw new HttpError(400, `The filter 'action' must be one of: ${AUDIT_ACTIONS.join(', ')}.`);
  }
  const bounds: AtBound[] = [];
  if (from !== undefined && from !== null && from !== '') bounds.push(timeBound('from', from, 'gte'));
  if (to !== undefined && to !== null && to !== '') bounds.push(timeBound('to', to, 'lte'));
  try {
    return { rest: JSON.stringify(rest), bounds };
  } catch {
    // JSON.parse reads nesting that JSON.stringify cannot write back (a stack overflow): refused, not a 500.
    throw new HttpError(400, 'The filter parameter is nested too deeply.');
  }
}

const entrySchema = z
  .object({
    id: z.int().positive(),
    at: z.string().describe('When, ISO 8601 (UTC).'),
    user_id: z.int().nullable().describe('Who; null for a failed sign-in of an unknown account. Kept after the user is deleted.'),
    user_name: z.string().nullable().describe("Who, by the name they had then."),
    action: z.enum(AUDIT_ACTIONS),
    area: z.string().nullable().describe("The area written to ('users-management' for users); null for sign-ins and sign-outs."),
    record_id: z.int().nullable(),
    record_label: z.string().nullable().describe("The record's title when it was written."),
    fields: z.array(z.string()).nullable().describe('The fields a create set or an update changed: their names only, never values.'),
    ip: z.string().nullable().describe('The client address (TRUST_PROXY decides which one).'),
    email: z.string().nullable().describe('The email a sign-in was attempted with.'),
  })
  .meta({ title: 'AuditEntry' });

const FILTER_WORDS = '`action` is one of ' + AUDIT_ACTIONS.join(', ') + '; `from` and `to` bound `at`.';
const listQuery = listQuerySchema(listModel).describe(FILTER_WORDS);
const exportQuery = listQuerySchema(listModel, { paged: false }).describe(FILTER_WORDS);

const routes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.addHook('onRequest', app.authenticate);
  const base = `/api/${AUDIT_LOG}`;

  const listSchema = {
    tags: ['users'], // what administrators did; plugins/openapi.ts has no tag of its own for it
    operationId: 'listAuditLog',
    summary: 'Audit log: list',
    description:
      'Sign-ins (and failures), sign-outs, password changes and resets, creates, updates and deletes, newest first (the ra-data-simple-rest dialect). Filters `from` and `to` bound `at`.',
    security: SIGNED_IN,
    querystring: listQuery,
    response: { 200: pageSchema(entrySchema, AUDIT_LOG), ...errorResponses(400, 401) },
  };
  app.get(base, { schema: listSchema }, async (request, reply) => {
    const params = request.query as RawListParams;
    const { rest, bounds } = splitFilter(params.filter);
    const query = parseListQuery(listModel, { ...params, filter: rest });
    const { entries, total } = await listAuditEntries(db, query, bounds);
    return sendPage(reply, AUDIT_LOG, query.range.start, entries, total);
  });

  const exportSchema = {
    tags: ['users'], // what administrators did; plugins/openapi.ts has no tag of its own for it
    operationId: 'exportAuditLog',
    summary: 'Audit log: export as CSV',
    description: 'Every entry that matches `filter`, sorted by `sort`, as a CSV file.',
    security: SIGNED_IN,
    querystring: exportQuery,
    produces: ['text/csv'],
    response: {
      200: {
        description: 'A CSV file (UTF-8 with a byte order mark), one row per entry.',
        headers: {
          'Content-Disposition': { type: 'string', description: `\`attachment; filename="${AUDIT_LOG}-<YYYY-MM-DD>.csv"\`: the name a browser saves it under.` },
          'Cache-Control': { type: 'string', description: '`no-store`: it holds who did what, and from which address.' },
        },
        content: { 'text/csv': { schema: z.string() } },
      },
      ...errorResponses(400, 401),
    },
  };
  app.get(`${base}/export.csv`, { schema: exportSchema }, async (request, reply) => {
    const params = request.query as RawListParams;
    const { rest, bounds } = splitFilter(params.filter);
    const ids = await exportAuditIds(db, parseFilter(listModel, rest), bounds, parseSort(listModel, params.sort));
    const columns = ['id', 'at', 'user_id', 'user_name', 'action', 'area', 'record_id', 'record_label', 'fields', 'ip', 'email'] as const;
    const rows = inBatches(ids, async (batch) => (await auditEntriesByIds(db, batch)).map((entry) => columns.map((name) => entry[name])));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${AUDIT_LOG}-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      // A stream is sent as it is (never serialized); the contract's string is what the client receives.
      .send(csvStream(columns, rows) as unknown as string);
  });
};

/**
 * The audit log's routes, and its retention (AUDIT_RETENTION_DAYS; 0 keeps everything): entries older than that are
 * deleted when the server starts, then at most once an hour after a write.
 */
export async function registerAuditLog(app: FastifyInstance, { db, config }: { db: Kysely<Database>; config: Pick<Config, 'auditRetentionDays'> }): Promise<void> {
  const days = config.auditRetentionDays;
  let lastPrune = 0;
  const prune = async () => {
    lastPrune = Date.now();
    // Without the request sessions' statement timeout: a first retention over a large log may take a while.
    await pruneAuditLog(unhurried(db), days);
  };
  if (days > 0) {
    app.addHook('onReady', prune);
    app.addHook('onResponse', async (request) => {
      if (request.method === 'GET' || request.method === 'HEAD' || Date.now() - lastPrune < HOUR_MS) return;
      // After the answer: a failure here is logged, never the client's problem.
      await prune().catch((error: unknown) => request.log.warn({ err: error }, 'audit log: pruning failed'));
    });
  }
  await app.register(routes, { db });
}
