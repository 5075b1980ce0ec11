// What the public website posts: form submissions into the inboxes, as JSON or multipart/form-data (a job
// application carries its CV). No sign-in, no CSRF token (the visitor has no console session to abuse, and the
// website is not the console); a per-IP rate limit, a per-form cap per minute, and a honeypot against bots.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { HONEYPOT_FIELD } from '../../schema/api';
import { RESERVED_FIELD_NAME, discardFilePart, isReservedFieldName, readFilePart } from '../file-parts';
import { formText } from '../form-text';
import { careers } from '../../schema/areas/careers';
import { fieldLabel } from '../../schema/define';
import { isPostingOpen } from '../../schema/postings';
import { publicationOf } from '../../schema/publish';
import { FORM_FILE_RULE, MB } from '../../schema/uploads';
import type { AreaModel } from '../areas/model';
import { createSubmission, rehearseSubmission } from '../areas/records';
import type { Config } from '../config';
import { dialectOf } from '../db/dialect';
import type { Database } from '../db/types';
import { HttpError } from '../http-error';
import { documentationOnlyContent, NO_SECURITY } from '../plugins/openapi';
import { countCreatedSince, findRecord } from '../repositories/records';
import { anonymousUploadBytesSince } from '../repositories/uploads';
import { addressKey } from '../client-address';
import { createFilesShare } from '../files-share';
import { checkFile, type NewUpload } from '../upload-files';
import { errorResponses, pascalCase } from './contract';

type Db = Kysely<Database>;

export const TOO_MANY_SUBMISSIONS = 'Too many submissions. Please wait a minute and try again.';
export const FORM_BUSY = 'This form is receiving too many submissions right now. Please try again in a minute.';
export const FILES_BUSY = 'The forms cannot take more files right now. Please try again later, or send the form without the file.';
export const FILES_SHARE_USED =
  'Your connection has sent as many megabytes of files as the forms take from one address in an hour. Please try again later, or send the form without the file.';
export const filesOverShare = (megabytes: number) =>
  `The files of this form are more than the forms take from one address in an hour (${megabytes} MB). Send smaller files, or the form without them.`;
export const MALFORMED_FORM = 'The form data is malformed and could not be read.';
export const NOT_A_FORM = 'Send the form as JSON (application/json) or as multipart/form-data.';

/** The largest JSON body a website form takes: its longest texts (5,000 characters, each escaped) and more. */
export const PUBLIC_FORM_JSON_LIMIT = 128 * 1024;

// The window the per-form cap counts in.
const WINDOW_MS = 60_000;
// The forms' files budget counts the last hour (PUBLIC_FORM_FILES_MB_PER_HOUR).
const FILES_WINDOW_MS = 3_600_000;
/** When to send again a post with a file that waited too long for its turn at the files budget. */
const FILES_TURN_RETRY_SECONDS = 5;

type Rule = (record: Record<string, unknown>, now: Date) => boolean;

// What a visitor's reference may point at: only what the website offers. By the area the reference names.
const OPEN_TO_VISITORS: Record<string, { wasShown: Rule; isOpen: Rule; missing: string; closed: string }> = {
  [careers.name]: {
    // A draft or a posting not due yet was never on the website: answered as missing, so an id tells nothing of it.
    wasShown: (posting, now) => !careers.website?.publication || publicationOf(posting, careers.website.publication, now) === 'published',
    isOpen: isPostingOpen,
    missing: 'This job posting does not exist.',
    closed: 'This job posting is no longer open for applications.',
  },
};

const FORM_LIMITS = {
  fieldNameSize: 100,
  // Above 4 bytes × the longest text a form takes (5,000 characters), so an over-long value still reaches the
  // schema and gets its message; a longer one is refused as too long without being kept.
  fieldSize: 64 * 1024,
  fields: 50,
  files: 5,
  fileSize: FORM_FILE_RULE.maxBytes,
  parts: 55,
  headerPairs: 50,
};

/** The body as the domain code takes it (fields as JSON would send them), the checked files, and their refusals. */
interface SubmittedForm {
  body: unknown;
  files: Map<string, NewUpload[]>;
  errors: Record<string, string>;
  /** The honeypot is filled: with text, or (multipart) with a file. */
  honeypot: boolean;
}

/** A honeypot sent as something other than text (a probe's false, 0 or {} was taken for a bot and dropped unseen). */
export const HONEYPOT_NOT_TEXT = `${HONEYPOT_FIELD} must be text, left empty by people: it is the forms' honeypot (docs/website-forms.md)`;

/**
 * What a body's honeypot says: filled (text that is not blank, repeated or not: a bot), empty (left out, null, blank
 * text), or not text at all, which no input of a page sends: a website's own code did, and is told so rather than
 * have its visitors' submissions dropped as a bot's.
 */
function honeypotOf(body: unknown): 'filled' | 'empty' | 'not text' {
  const value = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[HONEYPOT_FIELD] : undefined;
  if (value === undefined || value === null) return 'empty';
  const texts = Array.isArray(value) ? value : [value];
  if (!texts.every((text): text is string => typeof text === 'string')) return 'not text';
  return texts.some((text) => text.trim() !== '') ? 'filled' : 'empty';
}

/** The form as read, with its honeypot's verdict: filled by a file (`byFile`) or by the body's text. */
function withHoneypot(body: unknown, files: Map<string, NewUpload[]>, errors: Record<string, string>, byFile: boolean): SubmittedForm {
  const honeypot = honeypotOf(body);
  if (honeypot === 'not text') errors[HONEYPOT_FIELD] ??= HONEYPOT_NOT_TEXT;
  return { body, files, errors, honeypot: honeypot !== 'not text' && (byFile || honeypot === 'filled') };
}

/**
 * multipart/form-data → the JSON body it stands for: text as text (the schema coerces it), a list field by
 * repeated names. Parts the form does not declare are ignored as JSON's unknown keys are, files included.
 */
async function readForm(request: FastifyRequest, model: AreaModel): Promise<SubmittedForm> {
  if (!request.isMultipart()) return withHoneypot(request.body, new Map(), {}, false);
  const label = (field: string) => fieldLabel(model.declaration, field);
  // What a visitor fills: the declared fields (status, notes and read are the team's, dropped by the domain).
  const visitors = (field: string) => Object.hasOwn(model.declaration.schema.shape, field);
  const values = new Map<string, unknown>();
  const sent: { field: string; bytes: Buffer; filename: string }[] = [];
  const errors: Record<string, string> = {};
  let honeypot = false;
  let field = '';
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      field = part.fieldname;
      if (part.type === 'file') {
        if (field === HONEYPOT_FIELD) {
          // Bots fill every input, file inputs too. An empty one (no file chosen) is no file.
          if ((await discardFilePart(part.file)) > 0 || part.filename) honeypot = true;
        } else if (!visitors(field)) {
          await discardFilePart(part.file);
        } else {
          const bytes = await readFilePart(part.file);
          // A file input left empty: browsers send a part with no file name and no bytes.
          if (bytes.length > 0 || part.filename) sent.push({ field, bytes, filename: part.filename });
        }
        continue;
      }
      // Cut at fieldSize: refused for a declared field; an unknown one is ignored, the honeypot filled either way.
      if (part.valueTruncated && visitors(field)) {
        errors[field] ??= `${label(field)} is too long`;
        continue;
      }
      const text = formText(part.value);
      if (text === undefined) {
        // Bytes that are not UTF-8 text: refused for a declared field, as in JSON, never stored altered; the honeypot
        // is filled by them; an unknown field is ignored.
        if (field === HONEYPOT_FIELD) honeypot = true;
        else if (visitors(field)) errors[field] ??= `${label(field)} must be UTF-8 text`;
        continue;
      }
      const list = model.fields.get(field)?.kind === 'array';
      const previous = values.get(field);
      if (previous !== undefined && !list && visitors(field)) {
        // Two values for one: which the visitor meant is not ours to guess.
        errors[field] ??= `${label(field)} was sent more than once`;
        continue;
      }
      values.set(field, previous === undefined ? (list ? [text] : text) : [previous, text].flat());
    }
  } catch (error) {
    throw readError(error, field, label(field));
  }

  const files = new Map<string, NewUpload[]>();
  for (const file of sent) {
    // A file in a declared text field is the domain's to refuse (createSubmission); no need to read what it is.
    if (!model.uploadFields.has(file.field)) {
      files.set(file.field, []);
      continue;
    }
    const checked = await checkFile(file.bytes, file.filename, { createdBy: null, rule: FORM_FILE_RULE });
    if ('upload' in checked) files.set(file.field, [...(files.get(file.field) ?? []), checked.upload]);
    else if (checked.refused === 'empty') errors[file.field] ??= `${label(file.field)}: the file is empty`;
    else if (checked.refused === 'type') errors[file.field] ??= `${label(file.field)} must be a ${FORM_FILE_RULE.typesText} document`;
    else if (checked.refused === 'size') errors[file.field] ??= `${label(file.field)} is too large: at most ${checked.rule.maxBytes / MB} MB`;
    // A decompression bomb or a damaged file (issue #9); a form takes no images, so never 'pixels'.
    else errors[file.field] ??= `${label(file.field)}: ${'message' in checked ? checked.message : 'the file is too large'}`;
  }
  return withHoneypot(Object.fromEntries(values), files, errors, honeypot);
}

function readError(error: unknown, field: string, label: string): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const message = `${label} is too large: at most ${FORM_FILE_RULE.maxBytes / MB} MB`;
    return new HttpError(413, `${message}.`, { [field]: message });
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new HttpError(413, 'The form has too many fields or files.');
  }
  if (isReservedFieldName(error)) return new HttpError(400, RESERVED_FIELD_NAME);
  return new HttpError(400, MALFORMED_FORM);
}

/** A visitor may refer only to what the website offers: an application only to an open posting. */
function visitorReferences(model: AreaModel, now: Date) {
  return async (trx: Db, data: Record<string, unknown>) => {
    const errors: Record<string, string> = {};
    for (const reference of model.references) {
      const rule = OPEN_TO_VISITORS[reference.area];
      const id = data[reference.field];
      if (!rule || typeof id !== 'number') continue;
      const target = await findRecord(trx, reference.area, id);
      if (!target || !rule.wasShown(target.data, now)) errors[reference.field] = rule.missing;
      else if (!rule.isOpen(target.data, now)) errors[reference.field] = rule.closed;
    }
    return errors;
  };
}

const received = { received: true } as const;

const HONEYPOT_DESCRIPTION =
  'The honeypot: an input people never see (hidden with CSS) and leave empty. Filled (with text, or a file in ' +
  'multipart), the submission is answered 201 `{ "received": true }` and nothing is stored.';

/**
 * The form's body as the document shows it, per content type: the declaration's fields as a visitor sends them (the
 * input side of its schema), the honeypot, and the upload fields (files in multipart, nothing in JSON). Documentation
 * only: the domain code validates, with the messages the website shows beside its fields.
 */
function formBody(model: AreaModel) {
  const shape = model.declaration.schema.shape as Record<string, z.ZodType>;
  const fieldsOf = (upload: (field: string, arity: 'one' | 'many') => Record<string, unknown>) => {
    const properties: Record<string, Record<string, unknown>> = {};
    const required: string[] = [];
    for (const [field, schema] of Object.entries(shape)) {
      const title = fieldLabel(model.declaration, field);
      const arity = model.uploadFields.get(field);
      const reference = model.references.find((candidate) => candidate.field === field);
      if (arity) properties[field] = { title, ...upload(field, arity) };
      else {
        const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
        properties[field] = { title, ...(reference && { description: `The id of a \`${reference.area}\` record the website lists (GET /api/public/${reference.area}).` }), ...json };
      }
      // What the form refuses as missing: its JSON Schema cannot tell (a preprocessed field looks required).
      if (!schema.safeParse(undefined).success) required.push(field);
    }
    properties[HONEYPOT_FIELD] = { type: 'string', description: HONEYPOT_DESCRIPTION };
    return { type: 'object', properties, required };
  };
  const fileText = `A ${FORM_FILE_RULE.typesText} document of at most ${FORM_FILE_RULE.maxBytes / MB} MB, its type read from its bytes`;
  const binary = { type: 'string', format: 'binary' };
  return documentationOnlyContent({
    'application/json': fieldsOf(() => ({ type: 'null', description: 'Only multipart/form-data carries a file: leave it out, or send null.' })),
    'multipart/form-data': fieldsOf((_field, arity) =>
      arity === 'one' ? { ...binary, description: `${fileText}; one file.` } : { type: 'array', items: binary, description: `${fileText}, each.` },
    ),
  });
}

/** The bytes of a submission's files, all fields together. */
const filesSize = (files: Map<string, NewUpload[]>): number => [...files.values()].flat().reduce((sum, upload) => sum + upload.size, 0);

export interface PublicRoutesOptions {
  db: Db;
  /** The inbox areas. */
  areas: readonly AreaModel[];
  config: Pick<Config, 'publicFormRateLimit' | 'publicFormGlobalLimit' | 'publicFormFilesBytesPerHour' | 'publicFormFilesBytesPerAddressPerHour'>;
}

export const publicRoutes: FastifyPluginAsyncZod<PublicRoutesOptions> = async (app, { db, areas, config }) => {
  for (const model of areas) {
    // Every real submission would be thrown away as a bot's.
    if (model.fields.has(HONEYPOT_FIELD)) {
      throw new Error(`Area '${model.name}' is declared wrongly: '${HONEYPOT_FIELD}' is the forms' honeypot (schema/api.ts), not a field name`);
    }
  }
  // In this scope only, like the uploads' and the sign-in form's.
  await app.register(fastifyMultipart);
  // Any other body (text, a urlencoded form, XML…) is refused here, before it is read, with the forms' own message.
  // text/plain has an app-wide parser (server/app.ts): out of this scope, so '*' takes it too.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', (_request, _payload, done) => done(new HttpError(415, NOT_A_FORM), undefined));

  // One budget per IP for all the forms: one limiter, so one store, shared by their routes. Only a form's route
  // spends it: a post to a form that does not exist meets no route, and answers 404 for free.
  const perAddress =
    config.publicFormRateLimit > 0
      ? app.rateLimit({ max: config.publicFormRateLimit, timeWindow: '1 minute', errorResponseBuilder: () => new HttpError(429, TOO_MANY_SUBMISSIONS) })
      : undefined;

  /** Refuses a submission once the form took its cap in the last minute, from all addresses and instances. */
  async function checkCap(db: Kysely<Database>, model: AreaModel, reply: FastifyReply, now: Date) {
    if (config.publicFormGlobalLimit <= 0) return;
    const { count, earliest } = await countCreatedSince(db, model.name, new Date(now.getTime() - WINDOW_MS));
    if (count < config.publicFormGlobalLimit) return;
    // The earliest of them leaves the window first.
    const wait = earliest ? Date.parse(earliest) + WINDOW_MS - now.getTime() : WINDOW_MS;
    reply.header('retry-after', String(Math.min(60, Math.max(1, Math.ceil(wait / 1000)))));
    throw new HttpError(429, FORM_BUSY);
  }

  /**
   * Refuses a submission whose files would take the forms past their files budget for the last hour (all forms, all
   * visitors): anonymous posts of 10 MB "CVs" from three addresses grew the database by 300 MB a minute, for good (an
   * outside attacker's probe). Text-only submissions are not refused; Retry-After says when the earliest file of the
   * hour leaves it. A file refused here was read but never stored.
   */
  async function checkFilesBudget(trx: Kysely<Database>, files: Map<string, NewUpload[]>, reply: FastifyReply) {
    const incoming = filesSize(files);
    if (config.publicFormFilesBytesPerHour <= 0 || incoming === 0) return;
    if (dialectOf(trx) === 'postgres') {
      // Posts with files take turns here, each holding the turn while its file is written: past the lock wait
      // (DATABASE_BUSY_WAIT_MS) the visitor is told to send again shortly, not that the database is failing (20
      // CVs at once answered 503 'database is busy' to a quarter of them: an outside probe).
      try {
        await sql`select pg_advisory_xact_lock(hashtextextended(${'form files budget'}, 0))`.execute(trx);
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code !== '55P03') throw error;
        reply.header('retry-after', String(FILES_TURN_RETRY_SECONDS));
        throw new HttpError(429, FILES_BUSY);
      }
    }
    const now = Date.now();
    // This submission's files are in already (createSubmission stores them before it admits the record), uncommitted.
    const { bytes, earliest } = await anonymousUploadBytesSince(trx, new Date(now - FILES_WINDOW_MS));
    if (bytes <= config.publicFormFilesBytesPerHour) return;
    const wait = earliest ? Date.parse(earliest) + FILES_WINDOW_MS - now : FILES_WINDOW_MS;
    reply.header('retry-after', String(Math.min(FILES_WINDOW_MS / 1000, Math.max(1, Math.ceil(wait / 1000)))));
    throw new HttpError(429, FILES_BUSY);
  }

  // Each address's share of the files budget, all forms together (server/files-share.ts).
  // A share of the budget: none without one.
  const filesShare =
    config.publicFormFilesBytesPerHour > 0 && config.publicFormFilesBytesPerAddressPerHour > 0
      ? createFilesShare(config.publicFormFilesBytesPerAddressPerHour, FILES_WINDOW_MS)
      : undefined;

  /** Reserves the post's files in its sender's share, or refuses the post (429, nothing stored); undefined: no files. */
  function reserveShare(request: FastifyRequest, files: Map<string, NewUpload[]>, reply: FastifyReply): (() => void) | undefined {
    const incoming = filesSize(files);
    if (!filesShare || incoming === 0) return undefined;
    // Never to fit, however long the sender waits: said so, not "try again later".
    if (incoming > config.publicFormFilesBytesPerAddressPerHour) {
      throw new HttpError(413, filesOverShare(Math.floor(config.publicFormFilesBytesPerAddressPerHour / MB)));
    }
    const answer = filesShare.reserve(addressKey(request.ip), incoming);
    if (answer.ok) return answer.release;
    reply.header('retry-after', String(answer.retryAfterSeconds));
    throw new HttpError(429, FILES_SHARE_USED);
  }

  // One route per form, at its own path: the document shows each form's fields (docs/website-forms.md).
  for (const model of areas) {
    const cv = [...model.uploadFields.keys()].map((field) => `\`${field}\``).join(', ');
    app.post(
      `/api/public/${model.name}`,
      {
        config: { csrf: false },
        // A form's fields as JSON: a megabyte of 90,000 keys held the event loop 0.3-0.6 s per post, anyone's (an
        // outside probe). Files come as multipart, under their own limits, not this one.
        bodyLimit: PUBLIC_FORM_JSON_LIMIT,
        ...(perAddress && { onRequest: perAddress }),
        schema: {
          tags: ['public'],
          operationId: `submit${pascalCase(model.name)}`,
          summary: `Submit the ${model.declaration.label} form`,
          security: NO_SECURITY,
          description:
            'The form\'s fields as JSON or as multipart/form-data (text parts are read as the same text in JSON: ' +
            '`career_id=12` is 12, an empty optional field is none; a field sent twice is refused). ' +
            (cv ? `Only multipart carries a file (${cv}). ` : '') +
            'Unknown fields, files included, are ignored. Each refused field gets its own message in `errors`. ' +
            `A filled \`${HONEYPOT_FIELD}\` (the honeypot) is answered 201 and nothing is stored. See docs/website-forms.md.`,
          body: formBody(model),
          response: {
            201: z.object({ received: z.literal(true) }).describe('Received (or caught by the honeypot: the same answer).'),
            ...errorResponses(400, 413, 415, 429),
            // Not the CSRF pair: the page it was sent from (docs/website-forms.md).
            403: { ...errorResponses(403)[403], description: 'Refused: sent from a page whose origin is not in WEBSITE_ORIGINS.' },
          },
        },
      },
      async (request, reply) => {
        const now = new Date();
        // Before reading a file: a flood is refused cheaply, bots and people alike.
        await checkCap(db, model, reply, now);
        const form = await readForm(request, model);
        // Stored as received once its body is in: dated by its headers, a body that took a minute to come would be
        // out of the cap's window as soon as it was stored, and count for nothing (a review of the cap's check).
        const arrived = new Date();
        // The cap again in the write's transaction, counting every submission stored while this one's body came (slow
        // bodies all passed the first check at once: an attacker's probe stored 8 past a cap of 3). PostgreSQL's
        // concurrent transactions take turns on the form's lock; SQLite's writes run one at a time already.
        // The sender's share of the files budget, taken once the fields are valid (a mistyped email is said first);
        // given back below if nothing is stored after all.
        let release: (() => void) | undefined;
        const admit = async (trx: Kysely<Database>) => {
          if (config.publicFormGlobalLimit > 0) {
            if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended(${`form cap ${model.name}`}, 0))`.execute(trx);
            await checkCap(trx, model, reply, new Date());
          }
          release?.();
          release = reserveShare(request, form.files, reply);
          await checkFilesBudget(trx, form.files, reply);
        };
        const options = { publicSubmission: true, files: form.files, errors: form.errors, check: visitorReferences(model, arrived), admit, now: arrived };
        // A bot: answered as a real submission, after the same reading and checks, and nothing is stored (nor admitted).
        if (form.honeypot) await rehearseSubmission(db, model, form.body, options);
        else {
          try {
            await createSubmission(db, model, form.body, options);
          } catch (error) {
            // Nothing stored: the files' room goes back to the sender's share.
            release?.();
            throw error;
          }
        }
        return reply.code(201).send(received);
      },
    );
  }
};
