// The API's contract (issue #7): @fastify/swagger builds one OpenAPI 3.1 document from the zod schemas every route
// declares, served as JSON at /api/openapi.json and as a readable page (Swagger UI, served from the package: no
// CDN) at /api/docs. Registered before the routes, so its onRoute hook sees every one of them.
import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import packageJson from '../../package.json' with { type: 'json' };
import { CSRF_COOKIE, CSRF_HEADER, DATABASE_BUSY_MESSAGE } from '../../schema/api';
import type { Config } from '../config';
import { DOCS_PAGE_CSS, DOCS_PAGE_JS } from './docs-page-theme';
import { RETRY_AFTER_SECONDS } from './errors';
import { filesOnly } from './console';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

export const TAGS = [
  { name: 'public', description: 'What a website reads and posts: no token, no CSRF token.' },
  { name: 'auth', description: 'Signing in and out, and the CSRF cookie.' },
  { name: 'areas', description: 'The declared areas of the console, in the ra-data-simple-rest dialect.' },
  { name: 'users', description: 'The administrators of the console.' },
  { name: 'uploads', description: 'Uploaded images and documents.' },
  { name: 'health', description: 'Whether the API and its database answer.' },
] as const;
export type Tag = (typeof TAGS)[number]['name'];

// Operation security, by the names of the schemes declared below.
export const SIGNED_IN = [{ bearerAuth: [] }];
// The CSRF check (server/plugins/csrf.ts) applies to every request that changes something, whatever its token.
export const SIGNED_IN_WITH_CSRF = [{ bearerAuth: [], csrfCookie: [], csrfHeader: [] }];
export const CSRF_ONLY = [{ csrfCookie: [], csrfHeader: [] }];
export const NO_SECURITY = [];

const documentationOnlySchemas = new WeakSet<object>();

/**
 * A schema for the document only: Fastify does not validate the request with it. Admin bodies and list
 * parameters are checked by the domain code (server/areas/records.ts, list-query.ts), whose answers the console
 * depends on ('Please check the form for errors' with a message per field); the document shows what they accept.
 */
export function documentationOnly(schema: z.ZodType): z.ZodType<unknown, unknown> {
  documentationOnlySchemas.add(schema);
  return schema as z.ZodType<unknown, unknown>;
}

const documentedContents = new WeakSet<object>();

/**
 * A documentation-only request body per content type, as JSON Schemas: for a body zod cannot describe alone (one
 * route taking JSON and multipart/form-data, whose file fields are `format: binary`). Fastify validates none of them;
 * @fastify/swagger reads `body.content` as the operation's requestBody.
 */
export function documentationOnlyContent(content: Record<string, Record<string, unknown>>) {
  for (const schema of Object.values(content)) documentationOnlySchemas.add(schema);
  const body = { content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])) };
  documentedContents.add(body);
  return body;
}

/** fastify-type-provider-zod's validator, except for documentation-only schemas, which let the value through. */
export const contractValidatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) =>
  documentationOnlySchemas.has(route.schema) ? (data: unknown) => ({ value: data }) : validatorCompiler(route);

const COMPONENT_REF = '#/components/schemas/';

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** Seconds to wait, as every 429 and 503 says it: a response header, in a route's `response` (routes/contract.ts). */
export const RETRY_AFTER_HEADER = {
  'Retry-After': { type: 'integer', minimum: 0, description: 'Seconds to wait before trying again.' },
} as const;

type Responses = Record<string, { headers?: unknown; content?: unknown } | undefined>;

/**
 * The zod transform, with the bodies of documentationOnlyContent kept as they are (they are JSON Schema already), and
 * the headers of answers given per content type (`{ description, headers, content }`), which it drops.
 */
const transform: SwaggerTransform = (route) => {
  const body: unknown = route.schema?.body;
  const documented = typeof body === 'object' && body !== null && documentedContents.has(body);
  const { body: _documented, ...rest } = route.schema ?? {};
  const transformed = documented ? zodTransform({ ...route, schema: rest }) : zodTransform(route);
  const schema = { ...transformed.schema, ...(documented && { body }) } as typeof transformed.schema & { response?: Responses };
  const declared = route.schema?.response as Responses | undefined;
  for (const [status, response] of Object.entries(declared ?? {})) {
    const result = schema.response?.[status];
    if (response?.headers && response.content && result) result.headers = response.headers;
  }
  return { ...transformed, schema };
};

/**
 * What plugins/errors.ts answers when the database is busy or cannot be used: any request that reads or changes
 * stored data may meet it (a PostgreSQL server that is down refuses reads too).
 */
const DATABASE_FAULT = {
  description:
    `The database is busy (\`Retry-After: ${RETRY_AFTER_SECONDS.busy}\`, "${DATABASE_BUSY_MESSAGE}") or unavailable: unreachable, ` +
    `or for a write read-only or full (\`Retry-After: ${RETRY_AFTER_SECONDS.unavailable}\`). Try again after Retry-After seconds.`,
  headers: Object.fromEntries(Object.entries(RETRY_AFTER_HEADER).map(([name, { description, ...schema }]) => [name, { description, schema }])),
  content: { 'application/json': { schema: { $ref: `${COMPONENT_REF}Error` } } },
};

const OPERATION_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'] as const;

const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: `${COMPONENT_REF}Error` } } } });

/**
 * What any request may be answered before its route's own checks, `{ message }` each (app.ts, plugins/json-body.ts,
 * plugins/host-header.ts): a probe validating answers against the document met 400, 415 and 431 where an operation
 * declared none. The methods that take a body may meet the body's refusals too, whether or not they read one.
 */
const REQUEST_FAULTS = {
  400: errorAnswer('Refused before the route: a Host that is not a host, or a body that cannot be read (not JSON, not UTF-8, malformed form data); `message` says which.'),
  431: errorAnswer('The request line and headers are larger than the server takes (a query string too long).'),
};
const BODY_FAULTS = {
  413: errorAnswer('The body is too large.'),
  415: errorAnswer('This content type is not accepted here (JSON is; a route that takes forms says so).'),
};
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/**
 * Adds to every operation what it does not declare itself: the 503 of a busy or unavailable database, and the
 * refusals of a request (and of its body, for the methods that take one) before its route runs.
 */
function withDatabaseFaults(document: { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> }) {
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of OPERATION_METHODS) {
      const responses = item[method]?.responses;
      if (!responses) continue;
      const faults = { ...REQUEST_FAULTS, ...(BODY_METHODS.has(method) && BODY_FAULTS), 503: DATABASE_FAULT };
      for (const [status, answer] of Object.entries(faults)) responses[status] ??= structuredClone(answer);
    }
  }
}

/**
 * A response header the API always sends is declared with `required: true` beside its type (routes/contract.ts):
 * @fastify/swagger copies the header's declaration into its `schema`, where `required` is not a JSON Schema boolean.
 * It is moved to the header object, where OpenAPI reads it.
 */
function requiredHeaders(document: { paths?: Record<string, Record<string, { responses?: Record<string, { headers?: Record<string, { required?: boolean; schema?: Record<string, unknown> }> }> }>> }) {
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of OPERATION_METHODS) {
      for (const response of Object.values(item[method]?.responses ?? {})) {
        for (const header of Object.values(response.headers ?? {})) {
          if (header.schema?.required !== true) continue;
          delete header.schema.required;
          header.required = true;
        }
      }
    }
  }
}

/** A name a code generator can use as is: what the area schemas are titled (`BlogsRecord`, `BlogsPublicItem`). */
export const COMPONENT_NAME = /^[A-Z][A-Za-z0-9]*$/;

/** Keywords whose values are values, not schemas: what is in them is left as it is. */
const VALUE_KEYWORDS = new Set(['default', 'const', 'enum', 'example', 'examples']);

/**
 * Every object schema titled with such a name becomes one component of that name, each use a `$ref` to it (with the
 * use's own description beside it): an area's record was written out in full in each of its operations (the document
 * was 509 KB), and a client generated from it named each copy after its operation. Nested ones first, so a component
 * refers to the ones inside it. A title already a component, or used for two different schemas, stays written out
 * where it differs (the first met is the component): no use is changed in meaning. Values (`default`, `examples`…)
 * are not schemas, and are left alone.
 */
export function namedComponents(document: { paths?: unknown; components?: { schemas?: Record<string, unknown> } }) {
  const schemas = (document.components ??= {}).schemas ??= {};
  const taken = new Set(Object.keys(schemas));
  const shapes = new Map<string, string>();
  const named = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(named);
    if (value === null || typeof value !== 'object') return value;
    const node = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, VALUE_KEYWORDS.has(key) ? child : named(child)]));
    const { title, description, ...rest } = node;
    if (typeof title !== 'string' || !COMPONENT_NAME.test(title) || rest.type !== 'object' || taken.has(title)) return node;
    const component = { title, ...rest };
    const shape = JSON.stringify(component);
    const known = shapes.get(title);
    if (known === undefined) {
      shapes.set(title, shape);
      schemas[title] = component;
    } else if (known !== shape) return node;
    return { $ref: `${COMPONENT_REF}${title}`, ...(description !== undefined && { description }) };
  };
  document.paths = named(document.paths);
}

/**
 * jsonSchemaTransformObject adds every schema registered with an id twice, as read (`XInput`) and as answered
 * (`X`): keep the ones the document refers to. Every operation gets its 503 first (withDatabaseFaults), and the
 * titled schemas their names (namedComponents).
 */
const usedComponentsOnly: SwaggerTransformObject = (documentObject) => {
  const document = jsonSchemaTransformObject(documentObject) as Parameters<typeof withDatabaseFaults>[0] & { components?: { schemas?: Record<string, unknown> } };
  withDatabaseFaults(document);
  requiredHeaders(document as Parameters<typeof requiredHeaders>[0]);
  namedComponents(document);
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENT_REF)) {
          const name = child.slice(COMPONENT_REF.length);
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else visit(child);
      }
    }
  };
  visit({ ...document, components: { ...document.components, schemas: {} } });
  if (document.components) {
    document.components.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  }
  return document as ReturnType<SwaggerTransformObject>;
};

const DESCRIPTION = `The content API of Cornerstone: the admin API the console uses, and the public API for websites.

Admin requests carry \`Authorization: Bearer <access_token>\` (from \`POST /api/login\`). Requests that change something
also carry the CSRF pair: the \`${CSRF_COOKIE}\` cookie (set by \`GET /api/csrf\`, sign-in and signed-in answers) echoed in the
\`${CSRF_HEADER}\` header. Errors answer \`{ "message": "…" }\`, plus \`errors\` (a message per field) when a form is refused.
A guide: docs/api.md.`;

/**
 * The package is private and names no license (package.json, README.md): what is true is that it is nobody's to reuse
 * without its owner's leave. No URL: there is no licence text to link to. The SPDX identifier says the same in SPDX's
 * words for a licence of one's own (`LicenseRef-`): without one, swagger-parser refused the document and Redocly's
 * info-license-strict warned.
 */
const LICENSE = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };

export async function registerOpenApi(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Cornerstone API', version: packageJson.version, description: DESCRIPTION, license: LICENSE },
      // Where the API is reached: PUBLIC_URL, else wherever this document was read from (`/`, relative to it).
      servers: [{ url: config.publicUrl ?? '/' }],
      tags: TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'The access_token answered by POST /api/login; it expires at its expires_at.',
          },
          csrfCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: CSRF_COOKIE,
            description: "Set by GET /api/csrf, the console's pages, sign-in and signed-in answers when the request has none (never on an answer a cache may keep); a browser sends it by itself.",
          },
          csrfHeader: {
            type: 'apiKey',
            in: 'header',
            name: CSRF_HEADER,
            description: `The value of the ${CSRF_COOKIE} cookie, copied into this header on every request that changes something.`,
          },
        },
      },
    },
    // The page's own routes are hidden by Swagger UI itself; nothing else is skipped.
    transform,
    transformObject: usedComponentsOnly,
  });

  // The page's own files, as the console's (plugins/console.ts): `/api/docs/static//index.css`, a dot segment or a
  // name too long for a file is an unknown API address, a JSON 404, not the files' server's 403 (an outside probe).
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${DOCS_PATH}/static/`)) return;
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), filesOnly()];
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    // docs-page-theme.ts: what makes the page pass axe (WCAG 2.2 AA), as the console's screens do.
    theme: {
      title: 'Cornerstone API',
      css: [{ filename: 'accessible.css', content: DOCS_PAGE_CSS }],
      js: [{ filename: 'accessible.js', content: DOCS_PAGE_JS }],
    },
    uiConfig: {
      // Without the top bar: its box loads any other document, and its logo is Swagger's.
      layout: 'BaseLayout',
      // Off: its links inside each operation's summary button were controls within a control (axe: nested-interactive)
      // and 14-19 px high targets (target-size).
      deepLinking: false,
      docExpansion: 'list',
      // Named: docs-page-theme.ts darkens one colour of this theme's.
      syntaxHighlight: { theme: 'agate' },
      defaultModelsExpandDepth: 0,
      displayOperationId: true,
      // Swagger UI would otherwise ask validator.swagger.io for a badge: the page must work offline.
      validatorUrl: null,
    },
  });

  app.get(
    OPENAPI_PATH,
    // Read by tools and by websites' developers, never with a session: no CSRF cookie is set on it.
    { schema: { hide: true }, config: { csrf: false } },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}
