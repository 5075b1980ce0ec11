// The pieces of route contracts that several route files share (issue #7): error answers, the list dialect of
// ra-data-simple-rest, an admin record's schema and operation names. The document is built from them
// (server/plugins/openapi.ts).
import { LIST_COUNT_CAP, LIST_PROJECTION, MAX_RECORD_ID } from '../../schema/api';
import { z } from 'zod';
import { editConflictSchema } from '../../schema/conflicts';
import { recordOutputSchema } from '../../schema/output';
import { SCHEDULES } from '../../schema/schedule';
import { MAX_PAGE_SIZE } from '../areas/list-query';
import type { AreaModel, ListModel } from '../areas/model';
import { RETRY_AFTER_HEADER, documentationOnly } from '../plugins/openapi';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Refused: `message` says why; a refused form adds `errors`, a message per field.',
  401: 'No valid bearer token: not signed in, signed out, or expired.',
  403: 'The CSRF cookie and header are missing or differ.',
  404: 'Not found.',
  409: 'Refused: other records refer to this one.',
  413: 'The body or the file is too large.',
  415: 'This content type is not accepted here.',
  429: 'Too many requests: wait as long as `Retry-After` says, then try again.',
};

/** Every 4xx answer (server/plugins/errors.ts); one component of the document, `Error`. */
export const errorBodySchema = z
  .object({
    message: z.string(),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .describe("A refused form's message per field; a nested field is named by its path, as 'cover_image.src'."),
  })
  .meta({ id: 'Error' });

// RFC 6750: a request that needed a token and sent none, or one that is not valid, is told the scheme to use.
const BEARER_CHALLENGE = {
  'WWW-Authenticate': { type: 'string', description: '`Bearer`, when the token was missing, expired or not valid (not on a refused sign-in).' },
} as const;

/** `{ 400: …, 401: … }` for a route's `response`, each described by what it means there. */
export function errorResponses(...statuses: ErrorStatus[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status],
        ...(status === 429 && { headers: RETRY_AFTER_HEADER }),
        ...(status === 401 && { headers: BEARER_CHALLENGE }),
        content: { 'application/json': { schema: errorBodySchema } },
      },
    ]),
  );
}

// ---- the website's reads (server/plugins/public-cache.ts, docs/website-api.md "Caching") -----------------------

const PUBLIC_CACHE_HEADERS = {
  ETag: { type: 'string', description: 'A hash of the answer (weak, `W/"…"`): send it back in If-None-Match.' },
  'Last-Modified': {
    type: 'string',
    description: 'When this answer first appeared (an HTTP date): send it back in If-Modified-Since. Absent for the rest of a second in which the answer changed twice.',
  },
  'Cache-Control': {
    type: 'string',
    description: '`public, max-age=0, s-maxage=<PUBLIC_CACHE_SECONDS>, stale-while-revalidate=<PUBLIC_CACHE_SECONDS>` (`no-cache` when PUBLIC_CACHE_SECONDS is 0).',
  },
} as const;

/** A website read's refusals: sent `no-store` (plugins/public-cache.ts), so no CDN keeps a 404 past a publication. */
export function publicErrorResponses(...statuses: ErrorStatus[]) {
  const noStore = { 'Cache-Control': { type: 'string', description: '`no-store`: the answer may differ in a minute (a post published, a mistake corrected).' } };
  return Object.fromEntries(Object.entries(errorResponses(...statuses)).map(([status, answer]) => [status, { ...answer, headers: noStore }]));
}

/** A website read's 200, with the validators and caching it is sent with, and the 304 that answers a current copy. */
export function cachedPublicAnswer(schema: z.ZodType, description: string) {
  return {
    200: { description, headers: PUBLIC_CACHE_HEADERS, content: { 'application/json': { schema } } },
    304: z.undefined().meta({
      description: 'Not Modified: the If-None-Match (or, without it, If-Modified-Since) the request sent still names this answer. No body.',
      headers: PUBLIC_CACHE_HEADERS,
    }),
  };
}

// ---- edit conflicts (issue #8, docs/api.md) ------------------------------------------------------------------

/** GET one's answer, with the record's version as its ETag. */
export const withEtag = (record: z.ZodType, description: string) =>
  record.meta({ description, headers: { ETag: { type: 'string', description: 'The version, quoted (`"3"`): send it back in If-Match.' } } });

/** The If-Match header of a write: documentation only, checked by server/edit-conflicts.ts (400 when it is no version). */
/** The body's `version` of a write, the other way to say where an edit started (server/edit-conflicts.ts reads it). */
export const versionInBody = z
  .int()
  .positive()
  .optional()
  .describe('The version this edit started from, as GET answered it (ra-data-simple-rest sends the whole record back, version included). If-Match says the same and wins over it; without either the write is unconditional.');

export const ifMatchHeaders = documentationOnly(
  z.object({
    'if-match': z
      .string()
      .optional()
      .describe(
        'The version you started from, quoted (`"3"`), as GET answered it in ETag (one version, not a list); or send `version` in the body. Without either the write is unconditional.',
      ),
  }),
);

const CONFLICT_DESCRIPTION =
  'Someone else saved this record since the version you sent, and changed a field you changed, to another value: nothing was written. `conflicts` names those fields, `current` is the record now.';

/** 409 of a write that names a stale version; `alsoReferenced`: a delete, which answers 409 for references too. */
export function conflictResponse(record: z.ZodType, { alsoReferenced = false } = {}) {
  const conflict = editConflictSchema().extend({ current: record });
  // The conflict first: the serializer keeps the first schema that takes the body, and `Error` would drop its fields.
  const schema = alsoReferenced ? z.union([conflict, errorBodySchema]) : conflict;
  const description = alsoReferenced ? `${CONFLICT_DESCRIPTION} Or, with \`message\` alone: other records refer to this one.` : CONFLICT_DESCRIPTION;
  return { 409: { description, content: { 'application/json': { schema } } } };
}

/** A 204's empty answer. */
export const noContent = (description: string) => z.undefined().describe(description);

export const RECORD_ID_MESSAGE = `The id must be a whole number from 1 to ${MAX_RECORD_ID}`;

/**
 * A record's id in an address: digits, no leading zero, at most MAX_RECORD_ID (schema/api.ts), the largest id either
 * database gives. Above it the id names nothing on either database, and the message says what an id is (an outside
 * probe: 9007199254740993 is a positive whole number; 2147483648 made PostgreSQL answer 500).
 */
export const recordId = () =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: RECORD_ID_MESSAGE })
    .refine((value) => Number(value) <= MAX_RECORD_ID, { error: RECORD_ID_MESSAGE });

/** 'careers-form' → 'CareersForm', for operation ids (listCareersForm). */
export const pascalCase = (name: string) => name.replace(/(^|[-_])([a-z0-9])/g, (_match, _dash, char: string) => char.toUpperCase());

const names = (keys: Iterable<string>) => [...keys].map((key) => `\`${key}\``).join(', ');

/**
 * The list parameters as ra-data-simple-rest sends them: JSON texts, checked by server/areas/list-query.ts.
 * `keyset`: the list also takes `cursor` (the record store's areas, issue #10). `paged` false: an export, every
 * matching record (no `range`).
 */
export function listQuerySchema(model: ListModel, { keyset = false, paged = true } = {}) {
  const filters = ['`q` (text search' + (model.search.length > 0 ? ` in ${names(model.search.map((field) => field.name))})` : ': not searchable here)')];
  filters.push('`id` (one id or a list of ids)');
  for (const [name, field] of model.filterable) filters.push(`\`${name}\`${field.kind === 'array' ? ' (contains the value)' : ''}`);
  if (model.dateFilters) filters.push('`created_at_gte` and `created_at_lte` (a date or a date and time)');
  if (model.schedule) filters.push(`\`schedule\` (${SCHEDULES.join(', ')})`);
  for (const own of model.ownFilters ?? []) filters.push(`\`${own.name}\` (${own.description})`);
  const [defaultField, defaultOrder] = [model.defaultSort.field.name, model.defaultSort.order];
  return documentationOnly(
    z.object({
      sort: z
        .string()
        .optional()
        .meta({
          description: `JSON \`[field, order]\`, order \`ASC\` or \`DESC\`. Fields: ${names(model.sortable.keys())}. Default \`["${defaultField}","${defaultOrder}"]\`.`,
          example: `["${defaultField}","${defaultOrder}"]`,
        }),
      ...(paged && {
        range: z
          .string()
          .optional()
          .meta({
            description: `JSON \`[first, last]\`: 0-based positions, both included, at most ${MAX_PAGE_SIZE} records. Default \`[0,${MAX_PAGE_SIZE - 1}]\`.`,
            example: '[0,24]',
          }),
      }),
      filter: z
        .string()
        .optional()
        // `{}` as the example: Swagger UI's Try it out sends it as it is, and `{"q":"text"}` answered every list empty
        // (an outside probe).
        .meta({ description: `JSON object, every key must match: ${filters.join('; ')}. Default \`{}\`: every record.`, example: '{}' }),
      ...(keyset
        ? {
            projection: z
              .enum([LIST_PROJECTION])
              .optional()
              .meta({ description: 'list: the records without their rich-text fields (what a list screen shows; the console asks for it).' }),
          }
        : {}),
      ...(keyset
        ? {
            cursor: z
              .string()
              .optional()
              .meta({
                description:
                  'The X-Next-Cursor header of the previous page: this page is then the records after that one (with the same sort; `range` gives only the size), so records added or deleted meanwhile never make a page skip or repeat one.',
              }),
          }
        : {}),
    }),
  );
}

/** A page of a list: the records, and the total in the Content-Range header. */
export const pageSchema = (record: z.ZodType, name: string, { keyset = false } = {}) =>
  z.array(record).meta({
    description: 'One page of records, in the order asked for.',
    headers: {
      ...(keyset
        ? {
            'X-Next-Cursor': {
              type: 'string',
              description: 'Present when the page is full: pass it as `cursor` (same sort, filter and page size) for the page after it.',
            },
          }
        : {}),
      'Content-Range': {
        type: 'string',
        required: true,
        description:
          `\`${name} <first>-<last>/<total>\` (\`${name} */<total>\` for an empty page): ra-data-simple-rest reads the total from it. ` +
          `The total is counted up to ${LIST_COUNT_CAP}; past that it is \`*\` (\`${name} 0-24/*\`): more than ${LIST_COUNT_CAP} records match.`,
      },
    },
  });

/** A list's record: the rich-text fields are left out with `projection=list`. */
export function adminListItemSchema(model: AreaModel): z.ZodObject {
  const full = adminRecordSchema(model);
  if (model.richText.length === 0) return full;
  const optional = Object.fromEntries(model.richText.map((field) => [field, (full.shape[field] as z.ZodType).optional()]));
  return full.extend(optional).meta({
    title: `${pascalCase(model.name)}ListItem`,
    description: `Without ${model.richText.join(' and ')} when the list is asked for with projection=list.`,
  });
}

/**
 * A record as the admin API answers it, with the values computed per request (server/areas/computed.ts); a deleted
 * record is answered without them.
 */
export function adminRecordSchema(model: AreaModel, { computed = true } = {}): z.ZodObject {
  const extra: Record<string, z.ZodType> = {};
  if (!computed) return recordOutputSchema(model.declaration).meta({ title: `${pascalCase(model.name)}DeletedRecord` });
  if (model.schedule) extra.schedule = z.enum(SCHEDULES).describe('Whether the record shows now, computed when it is read.');
  if (model.referenceCount) {
    extra[model.referenceCount.as] = z.int().nonnegative().describe(`How many records of ${model.referenceCount.from} refer to this one.`);
  }
  return recordOutputSchema(model.declaration, extra).meta({ title: `${pascalCase(model.name)}Record` });
}
