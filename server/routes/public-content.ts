// What the public website reads (issue #7): every area that declares a `website` view (schema/website.ts) is served
// at /api/public/<area>, with no token. Only what a visitor may see (drafts, records not due yet, switched-off,
// expired and closed ones never leave the server; the rules are applied in SQL at read time, so scheduling needs no
// job runner) and only the fields the view lists, files turned into what a page needs (URL, alt text, type, size, width and height).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { storedDate } from '../../schema/dates';
import { humanizeName } from '../../schema/define';
import { outputSchemaOf } from '../../schema/output';
import { PUBLIC_MAX_PER_PAGE, type WebsiteView } from '../../schema/website';
import { LIST_COUNT_CAP, MAX_SEARCH_LENGTH } from '../../schema/api';
import { altTextOf } from '../../schema/uploads';
import { parseCursor, searchFilter, type ListFilter, type ScalarValue } from '../areas/list-query';
import type { AreaModel, ListField } from '../areas/model';
import type { Config } from '../config';
import type { Database } from '../db/types';
import { HttpError } from '../http-error';
import { findOnlyRecord, listRecords, type StoredRecord } from '../repositories/records';
import { imageSizes, type ImageFacts } from '../repositories/uploads';
import { ownUploadId, referencedUploadIds } from '../upload-ids';
import { NO_SECURITY } from '../plugins/openapi';
import { AnswerCache, registerPublicCache, type ContentVersion } from '../plugins/public-cache';
import { mapRichTextAddresses, sizeRichTextImages } from '../sanitize';
import { cachedPublicAnswer, pascalCase, publicErrorResponses, recordId } from './contract';

type Db = Kysely<Database>;

export interface PublicContentOptions {
  db: Db;
  /** Every stored area; those without a `website` view are not served. */
  areas: readonly AreaModel[];
  config: Pick<Config, 'publicCacheSeconds' | 'publicUrl'>;
  /** Moves on every write (server/plugins/public-cache.ts): reused answers older than the last write are dropped. */
  version: ContentVersion;
}

export const NOT_PUBLISHED = 'Not Found';

/** A file as a page uses it. Images are public; `url` is absolute so another origin can show it. */
export const publicFileSchema = z
  .object({
    url: z.string().meta({ description: 'Absolute URL of the file' }),
    alt: z.string().nullable().meta({ description: 'Alternative text: the one written for the image, else its title when that is more than a file name, else the name of the record it illustrates' }),
    mime: z.string().nullable(),
    size: z.int().nonnegative().nullable().meta({ description: 'Size in bytes' }),
    width: z.int().positive().nullable().meta({
      description: 'Pixels wide, as the image is shown (a JPEG turned by its EXIF orientation counts turned): set it on the <img>, with height, so the page does not move as the image arrives. Null for a file at another address.',
    }),
    height: z.int().positive().nullable().meta({ description: 'Pixels high, as the image is shown; null for a file at another address.' }),
  })
  .meta({ id: 'PublicFile' });
type PublicFile = z.infer<typeof publicFileSchema>;

// What every website read says of itself in the API document (docs/website-api.md says more).
const SINGLETON_DESCRIPTION = 'What the website shows of this section: no token, no cookie; 404 until it is first saved in the console.';
const LIST_DESCRIPTION =
  'What a visitor sees, and only that (published and due, switched on, live now, or open and not past its closing date, as the area has it), a page at a time: ' +
  'no token, no cookie. `next_cursor` reads the page after this one without skipping or repeating an entry.';
const LOOKUP_DESCRIPTION =
  'A page of the entries (`per_page`, `next_cursor`), or the one asked for by the parameter named in the summary (404 when there is none): no token, no cookie.';
const ONE_DESCRIPTION = 'One entry a visitor sees, with the fields of its page; 404 when there is none or it is not shown (a draft, not yet due).';

/** A page of a website list; `name`: its component in the API document. */
const listEnvelope = (item: z.ZodType, name: string) =>
  z.object({
    data: z.array(item),
    page: z.int().positive().meta({ description: 'The page asked for with `page`; 1 when read with a cursor, whose pages have no number (use next_cursor).' }),
    per_page: z.int().positive(),
    total: z.int().nonnegative().meta({ description: `How many match, counted up to ${LIST_COUNT_CAP}.` }),
    total_exact: z.boolean().meta({
      description: `False when more than ${LIST_COUNT_CAP} match: total and total_pages then stop there, and a page shorter than per_page is the last.`,
    }),
    total_pages: z.int().nonnegative(),
    next_cursor: z.string().nullable().meta({
      description: 'Pass as `cursor` for the items after this page (null after the last): records published meanwhile never make it skip or repeat one.',
    }),
  }).meta({ title: name });

/**
 * Where files are reached from outside: PUBLIC_URL, else this request's own scheme and host; an HTTP/1.0 request
 * without Host (which HTTP/1.0 allows) gets the address its connection reached, not 'http:///api/uploads/…', an
 * address without a host that a cache in front would have kept for everyone (an outside probe).
 */
function baseUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl !== undefined) return publicUrl;
  if (request.host) return `${request.protocol}://${request.host}`;
  const address = (request.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.)/, '');
  return `${request.protocol}://${address.includes(':') ? `[${address}]` : address}:${request.socket.localPort}`;
}

/** The sizes of the images that answers use, by upload id (the uploads' own, read once per answer). */
type ImageSizes = ReadonlyMap<string, ImageFacts>;

/** The upload a file field's value names, if it names one of ours. */
function fileUploadId(value: unknown): string | undefined {
  const src = value && typeof value === 'object' ? (value as { src?: unknown }).src : undefined;
  return typeof src === 'string' ? (ownUploadId(src) ?? undefined) : undefined;
}

/** A file as a page uses it, with its alt text (schema/uploads.ts altTextOf) and, for one of our images, its size. */
function fileOf(value: unknown, base: string, recordName: string | null, sizes: ImageSizes): PublicFile | null {
  if (!value || typeof value !== 'object') return null;
  const file = value as { src?: unknown; title?: unknown; alt?: unknown; mime?: unknown; size?: unknown };
  if (typeof file.src !== 'string' || file.src === '') return null;
  const id = fileUploadId(file);
  const shown = id === undefined ? undefined : sizes.get(id);
  return {
    url: file.src.startsWith('/') ? `${base}${file.src}` : file.src,
    alt: altTextOf(file, recordName),
    // One of our images: its type and bytes as stored with it, whatever the record says (a record written with only
    // its src gave the website null for both: an outside probe).
    mime: shown?.mime ?? (typeof file.mime === 'string' ? file.mime : null),
    size: shown?.bytes ?? (typeof file.size === 'number' ? file.size : null),
    width: shown?.width ?? null,
    height: shown?.height ?? null,
  };
}

// Rich text names our uploads by their path (`<img src="/api/uploads/<id>">`, written only that way: schema/addresses.ts);
// a page on another origin would look for them there. Made absolute with the base of file fields, in HTML the server
// cleaned when it was saved (server/sanitize.ts), whose attributes are read without parsing it again.
// Its images of ours are given their width and height too, as file fields are (when the editor wrote neither).
const UPLOAD_PATH = '/api/uploads/';
function richTextOf(value: unknown, base: string, sizes: ImageSizes): unknown {
  if (typeof value !== 'string' || !value.includes(UPLOAD_PATH)) return value;
  const sized = sizeRichTextImages(value, (address) => {
    const id = ownUploadId(address);
    return id ? sizes.get(id) : undefined;
  });
  return mapRichTextAddresses(sized, (address) => (address.startsWith(UPLOAD_PATH) ? `${base}${address}` : address));
}

interface PublicArea {
  model: AreaModel;
  view: WebsiteView;
  /** field → how its value is answered */
  project: (stored: StoredRecord, fields: readonly string[], base: string, sizes: ImageSizes) => Record<string, unknown>;
  /** The uploads that these records' file and rich-text fields among `fields` name. */
  uploadIds: (records: readonly StoredRecord[], fields: readonly string[]) => string[];
  itemSchema: z.ZodObject;
  listItemSchema: z.ZodObject;
  /** The rich-text fields its list leaves out, not read from the database. */
  listOmits: readonly string[];
}

function publicArea(model: AreaModel, view: WebsiteView): PublicArea {
  const shape = model.schema.shape as Record<string, z.ZodType>;
  // What a value left out of a stored document answers as: the field's default, or null.
  const fallback = new Map(
    Object.entries(shape).map(([name, field]) => {
      const parsed = field.safeParse(undefined);
      return [name, parsed.success ? (parsed.data ?? null) : null];
    }),
  );
  const richText = new Set(model.richText);
  const answerSchema = (name: string): z.ZodType => {
    const upload = model.uploadFields.get(name);
    if (upload === 'one') return publicFileSchema.nullable();
    if (upload === 'many') return z.array(publicFileSchema);
    return outputSchemaOf(shape[name]!);
  };
  // Titled, so the API document names each once among its components (plugins/openapi.ts): `BlogsPublicItem`, and
  // `BlogsPublicListItem` when a list answers fewer fields than an entry.
  const schemaOf = (fields: readonly string[], title: string) =>
    z
      .object({
        ...(model.kind === 'singleton' ? {} : { id: z.int().positive() }),
        ...Object.fromEntries(fields.map((name) => [name, answerSchema(name)])),
      })
      .meta({ title });
  const itemSchema = schemaOf(view.fields, `${pascalCase(model.name)}PublicItem`);
  const listFields = view.listFields ?? view.fields;
  const sameFields = listFields.length === view.fields.length && listFields.every((name, at) => view.fields[at] === name);

  return {
    model,
    view,
    project(stored, fields, base, sizes) {
      const answer: Record<string, unknown> = model.kind === 'singleton' ? {} : { id: stored.id };
      const label = model.declaration.recordLabel ? stored.data[model.declaration.recordLabel] : undefined;
      const recordName = typeof label === 'string' && label !== '' ? label : null;
      for (const name of fields) {
        const value = Object.hasOwn(stored.data, name) ? stored.data[name] : fallback.get(name);
        const upload = model.uploadFields.get(name);
        if (upload === 'one') answer[name] = fileOf(value, base, recordName, sizes);
        else if (upload === 'many') answer[name] = (Array.isArray(value) ? value : []).map((file) => fileOf(file, base, recordName, sizes)).filter(Boolean);
        else if (richText.has(name)) answer[name] = richTextOf(value, base, sizes);
        else answer[name] = model.dates.has(name) ? storedDate(value) : value;
      }
      return answer;
    },
    // As the upload sweep reads a record (server/upload-ids.ts): an id it names some other way is asked for too, and
    // given no size where it is answered.
    uploadIds(records, fields) {
      const named = fields.filter((name) => model.uploadFields.has(name) || richText.has(name));
      return [...new Set(records.flatMap(({ data }) => named.flatMap((name) => (data[name] == null ? [] : referencedUploadIds(data[name])))))];
    },
    itemSchema,
    listItemSchema: sameFields ? itemSchema : schemaOf(listFields, `${pascalCase(model.name)}PublicListItem`),
    // project reads the fields it answers and the record label, no more.
    listOmits: model.richText.filter((name) => !listFields.includes(name) && name !== model.declaration.recordLabel),
  };
}

/** A field of the area as the list SQL needs it. */
function listField(model: AreaModel, name: string): ListField {
  const info = model.fields.get(name);
  if (!info) throw new Error(`${model.name}: its website view names '${name}', which it does not declare`);
  return { name, kind: info.kind, ...(info.element && { element: info.element }) };
}

/** The rules that keep what a visitor may not see out of every answer (schema/website.ts isVisible, in SQL). */
function visibility(area: PublicArea, now: Date): ListFilter[] {
  const { model, view } = area;
  const at = now.toISOString();
  const filters: ListFilter[] = [];
  if (view.publication) filters.push({ type: 'published', fields: view.publication, now: at });
  if (view.schedule) filters.push({ type: 'schedule', fields: view.schedule, value: 'live', now: at });
  for (const [name, value] of Object.entries(view.equals ?? {})) {
    filters.push({ type: 'equals', field: listField(model, name), value: value as ScalarValue });
  }
  if (view.until) filters.push({ type: 'notPast', field: view.until, now: at });
  return filters;
}

/** 'public', 'about-us', 'list' → 'publicAboutUsList'. */
const operationId = (...words: string[]) =>
  words
    .flatMap((word) => word.split(/[^a-z0-9]+/i))
    .filter(Boolean)
    .map((word, index) => (index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()))
    .join('');

const bad = (message: string) => new HttpError(400, message);

/** A query parameter checked against the field it filters: a choice must be one of its values, and so on. */
function queryFilter(model: AreaModel, param: string, fieldName: string, raw: string): ListFilter {
  const field = listField(model, fieldName);
  if (field.kind === 'array') {
    const item = raw.trim();
    if (item === '') throw bad(`The '${param}' parameter must not be empty.`);
    return { type: 'contains', field, value: item };
  }
  if (field.kind === 'boolean') {
    if (raw !== 'true' && raw !== 'false') throw bad(`The '${param}' parameter must be true or false.`);
    return { type: 'equals', field, value: raw === 'true' };
  }
  const declared = (model.schema.shape as Record<string, z.ZodType>)[fieldName]!;
  const parsed = declared.safeParse(field.kind === 'number' ? Number(raw) : raw);
  if (!parsed.success || parsed.data === null) {
    throw bad(`The '${param}' parameter is not valid: ${parsed.success ? 'it is empty' : parsed.error.issues[0]?.message}.`);
  }
  return { type: 'equals', field, value: parsed.data as ScalarValue };
}

// The bounds first: page=99999999999999999999 is past the last page before it is past a whole number JavaScript holds.
const pageNumber = (name: string, max: number) =>
  z.coerce
    .number({ error: `The '${name}' parameter must be a whole number` })
    .min(1, { error: `The '${name}' parameter must be at least 1` })
    .max(max, { error: `The '${name}' parameter must be at most ${max}` })
    .int({ error: `The '${name}' parameter must be a whole number` });

// Digits only, as integers are everywhere (docs/security.md, Validation): z.coerce reads `1e3`, ` 5` and `0x10` as
// numbers (an outside probe, 2026-12-06: page=1e3 answered page 1000). Checked on the text before the schema reads it,
// so that the API document keeps saying what the parameters are: whole numbers within their bounds.
const PAGE_PARAMS = ['page', 'per_page'] as const;
async function pageParamsAreDigits(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown>;
  for (const name of PAGE_PARAMS) {
    const raw = query[name];
    if (typeof raw === 'string' && !/^\d+$/.test(raw)) throw bad(`The '${name}' parameter must be a whole number.`);
  }
}

function listQuerySchema(area: PublicArea) {
  const { view, model } = area;
  const shape: Record<string, z.ZodType> = {
    page: pageNumber('page', 1_000_000).default(1).meta({ description: 'Page number, from 1' }),
    per_page: pageNumber('per_page', PUBLIC_MAX_PER_PAGE)
      .default(view.perPage ?? PUBLIC_MAX_PER_PAGE)
      .meta({ description: `Items per page, at most ${PUBLIC_MAX_PER_PAGE}` }),
  };
  for (const [param, field] of Object.entries(view.filters ?? {})) {
    const info = model.fields.get(field);
    const kind = info?.kind;
    const description = `Only items whose ${humanizeName(field).toLowerCase()} ${kind === 'array' ? 'include' : 'is'} this value`;
    // The values it takes, in the document as they are checked (an OpenAPI probe: a choice was typed as any text).
    const values = kind === 'boolean' ? ['true', 'false'] : info?.choices?.map(String);
    // Empty is no filter, as for text filters: what a page's <select> sends for its "All" option (it answered 400:
    // an outside probe).
    shape[param] = (
      values
        ? z.enum(['', ...values] as [string, ...string[]], { error: `The '${param}' parameter must be ${kind === 'boolean' ? 'true or false' : `one of: ${values.join(', ')}`}` })
        : z.string().max(200)
    )
      .optional()
      .meta({ description: `${description} (empty: no filter)` });
  }
  shape.cursor = z.string().max(2000).optional().meta({ description: 'The next_cursor of the previous page: the items after it (`page` is then ignored)' });
  if (view.search) shape.q = z.string().max(MAX_SEARCH_LENGTH).optional().meta({ description: `Text search in ${model.search.map((field) => field.name).join(', ')}` });
  if (view.lookup) shape[view.lookup.param] = z.string().max(2000).optional().meta({ description: `Answers the one entry whose ${view.lookup.field} is this value` });
  return z.object(shape);
}

export const publicContentRoutes: FastifyPluginAsyncZod<PublicContentOptions> = async (app, { db, areas, config: settings, version }) => {
  registerPublicCache(app, settings);
  const cache = new AnswerCache();

  /** Records as the website gets them, their images' sizes read in one query. */
  async function projected(area: PublicArea, records: readonly StoredRecord[], fields: readonly string[], base: string) {
    const sizes = await imageSizes(db, area.uploadIds(records, fields));
    return records.map((stored) => area.project(stored, fields, base, sizes));
  }

  /**
   * The answer to this address: the one of this second if nothing was written since, else computed as of the second's
   * start (`now`, what visibility compares dates with).
   */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: z.ZodType,
    compute: (base: string, now: Date) => Promise<unknown>,
  ) {
    const base = baseUrl(request, settings.publicUrl);
    // Checked against the response schema exactly as Fastify's serializer would: the contract holds.
    const payload = await cache.answer(`${base}${request.url}`, version.current, Date.now(), async (now) =>
      JSON.stringify(schema.parse(await compute(base, now))),
    );
    return reply.type('application/json; charset=utf-8').send(payload);
  }

  for (const model of areas) {
    const view = model.declaration.website;
    if (!view) continue;
    const area = publicArea(model, view);
    const path = `/api/public/${model.name}`;
    const tags = ['public'];
    // No session, no cookie (server/plugins/csrf.ts).
    const config = { csrf: false };
    const title = model.declaration.label;

    if (model.kind === 'singleton') {
      app.get(
        path,
        { config, schema: { tags, security: NO_SECURITY, summary: title, description: SINGLETON_DESCRIPTION, operationId: operationId('public', model.name), response: { ...cachedPublicAnswer(area.itemSchema, 'What the website shows.'), ...publicErrorResponses(400, 404) } } },
        async (request, reply) =>
          answer(request, reply, area.itemSchema, async (base) => {
            const stored = await findOnlyRecord(db, model.name);
            if (!stored) throw new HttpError(404, NOT_PUBLISHED);
            return (await projected(area, [stored], view.fields, base))[0];
          }),
      );
      continue;
    }

    const querySchema = listQuerySchema(area);
    const pageName = `${pascalCase(model.name)}PublicPage`;
    const listSchema = view.lookup ? z.union([listEnvelope(area.listItemSchema, pageName), area.itemSchema]) : listEnvelope(area.listItemSchema, pageName);
    app.get(
      path,
      {
        config,
        preValidation: pageParamsAreDigits,
        schema: {
          tags,
          security: NO_SECURITY,
          summary: view.lookup ? `${title}: a page of the entries, or the one for ?${view.lookup.param}=` : `${title}: what the website shows`,
          description: view.lookup ? LOOKUP_DESCRIPTION : LIST_DESCRIPTION,
          operationId: operationId('public', model.name, 'list'),
          querystring: querySchema,
          response: { ...cachedPublicAnswer(listSchema, view.lookup ? 'The entries, or the one asked for.' : 'One page of what the website shows.'), ...publicErrorResponses(400, 404) },
        },
      },
      async (request, reply) =>
        answer(request, reply, listSchema, async (base, now) => {
          const query = request.query as Record<string, unknown> & { page: number; per_page: number };
          const filters = visibility(area, now);
          if (view.lookup) {
            const wanted = query[view.lookup.param];
            if (typeof wanted === 'string') {
              // Stored in NFC (a text field's one way to write it, schema/areas/seo.ts): asked for in NFC too.
              filters.push({ type: 'equals', field: listField(model, view.lookup.field), value: wanted.normalize('NFC') });
              const { records } = await listRecords(db, model.name, { sort: model.defaultSort, range: { start: 0, end: 0 }, filters });
              if (!records[0]) throw new HttpError(404, NOT_PUBLISHED);
              return (await projected(area, [records[0]], view.fields, base))[0];
            }
          }
          for (const [param, field] of Object.entries(view.filters ?? {})) {
            const raw = query[param];
            if (typeof raw === 'string' && raw !== '') filters.push(queryFilter(model, param, field, raw));
          }
          const search = view.search && typeof query.q === 'string' ? searchFilter(model, query.q) : undefined;
          if (search) filters.push(search);
          const after = parseCursor(model.name, { sort: model.defaultSort, range: { start: 0, end: query.per_page - 1 }, filters }, query.cursor);
          const start = after ? 0 : (query.page - 1) * query.per_page;
          const { records, total, exact, next } = await listRecords(
            db,
            model.name,
            { sort: model.defaultSort, range: { start, end: start + query.per_page - 1 }, filters, after },
            { omit: area.listOmits },
          );
          return {
            data: await projected(area, records, view.listFields ?? view.fields, base),
            page: query.page,
            per_page: query.per_page,
            total,
            total_exact: exact,
            total_pages: Math.ceil(total / query.per_page),
            next_cursor: next ?? null,
          };
          }),
    );

    if (view.detail) {
      const by = view.detail;
      const key =
        by === 'id'
          ? recordId().describe("The entry's id, as its list answered it")
          : z.string().min(1).max(200).describe(`The entry's ${humanizeName(by).toLowerCase()}, as its list answered it`);
      app.get(
        `${path}/:key`,
        {
          config,
          schema: {
            tags,
            security: NO_SECURITY,
            summary: `One of ${title}, by its ${by === 'id' ? 'id' : humanizeName(by).toLowerCase()}`,
            description: ONE_DESCRIPTION,
            operationId: operationId('public', model.name, 'one'),
            params: z.object({ key }),
            response: { ...cachedPublicAnswer(area.itemSchema, 'The entry.'), ...publicErrorResponses(400, 404) },
          },
        },
        async (request, reply) =>
          answer(request, reply, area.itemSchema, async (base, now) => {
            const filters = visibility(area, now);
            if (by === 'id') filters.push({ type: 'ids', ids: [Number(request.params.key)] });
            else filters.push({ type: 'equals', field: listField(model, by), value: request.params.key });
            const { records } = await listRecords(db, model.name, { sort: model.defaultSort, range: { start: 0, end: 0 }, filters });
            if (!records[0]) throw new HttpError(404, NOT_PUBLISHED);
            return (await projected(area, [records[0]], view.fields, base))[0];
          }),
      );
    }
  }
};
