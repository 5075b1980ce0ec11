// What the public website posts: form submissions into the inboxes, as JSON or multipart/form-data (a job
// application carries its CV). No sign-in, no CSRF token (the visitor has no console session to abuse, and the
// website is not the console); a per-IP rate limit, a per-form cap per minute, and a honeypot against bots.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { HONEYPOT_FIELD } from '../../schema/api';
import { careers } from '../../schema/areas/careers';
import { fieldLabel } from '../../schema/define';
import { isPostingOpen } from '../../schema/postings';
import { FORM_FILE_RULE, MB } from '../../schema/uploads';
import type { AreaModel } from '../areas/model';
import { createSubmission, rehearseSubmission } from '../areas/records';
import type { Config } from '../config';
import type { Database } from '../db/types';
import { HttpError } from '../http-error';
import { NO_SECURITY } from '../plugins/openapi';
import { countCreatedSince, findRecord } from '../repositories/records';
import { checkFile, type NewUpload } from '../upload-files';
import { errorResponses } from './contract';

type Db = Kysely<Database>;

export const TOO_MANY_SUBMISSIONS = 'Too many submissions. Please wait a minute and try again.';
export const FORM_BUSY = 'This form is receiving too many submissions right now. Please try again in a minute.';
export const MALFORMED_FORM = 'The form data is malformed and could not be read.';
export const NOT_A_FORM = 'Send the form as JSON (application/json) or as multipart/form-data.';

// The window the per-form cap counts in.
const WINDOW_MS = 60_000;

// What a visitor's reference may point at: only what the website offers. By the area the reference names.
const OPEN_TO_VISITORS: Record<string, { isOpen: (record: Record<string, unknown>, now: Date) => boolean; missing: string; closed: string }> = {
  [careers.name]: {
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
}

const isFilled = (value: unknown): boolean =>
  Array.isArray(value) ? value.some(isFilled) : typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;

function honeypotFilled(body: unknown): boolean {
  return body !== null && typeof body === 'object' && !Array.isArray(body) && isFilled((body as Record<string, unknown>)[HONEYPOT_FIELD]);
}

/** multipart/form-data → the JSON body it stands for: text as text (the schema coerces it), repeated names as lists. */
async function readForm(request: FastifyRequest, model: AreaModel): Promise<SubmittedForm> {
  if (!request.isMultipart()) return { body: request.body, files: new Map(), errors: {} };
  const label = (field: string) => fieldLabel(model.declaration, field);
  const values = new Map<string, unknown>();
  const sent: { field: string; bytes: Buffer; filename: string }[] = [];
  const errors: Record<string, string> = {};
  let field = '';
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      field = part.fieldname;
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A file input left empty: browsers send a part with no file name and no bytes.
        if (bytes.length > 0 || part.filename) sent.push({ field, bytes, filename: part.filename });
        continue;
      }
      if (part.valueTruncated) {
        errors[field] ??= `${label(field)} is too long`;
        continue;
      }
      const list = model.fields.get(field)?.kind === 'array';
      const previous = values.get(field);
      values.set(field, previous === undefined ? (list ? [part.value] : part.value) : [previous, part.value].flat());
    }
  } catch (error) {
    throw readError(error, field, label(field));
  }

  const files = new Map<string, NewUpload[]>();
  for (const file of sent) {
    // Files for other fields are the domain's to refuse (createSubmission); no need to read what they are.
    if (!model.uploadFields.has(file.field)) {
      files.set(file.field, []);
      continue;
    }
    const checked = await checkFile(file.bytes, file.filename, { createdBy: null, rule: FORM_FILE_RULE });
    if ('upload' in checked) files.set(file.field, [...(files.get(file.field) ?? []), checked.upload]);
    else if (checked.refused === 'empty') errors[file.field] ??= `${label(file.field)}: the file is empty`;
    else if (checked.refused === 'type') errors[file.field] ??= `${label(file.field)} must be a ${FORM_FILE_RULE.typesText} document`;
    else errors[file.field] ??= `${label(file.field)} is too large: at most ${checked.rule.maxBytes / MB} MB`;
  }
  return { body: Object.fromEntries(values), files, errors };
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
      if (!target) errors[reference.field] = rule.missing;
      else if (!rule.isOpen(target.data, now)) errors[reference.field] = rule.closed;
    }
    return errors;
  };
}

const received = { received: true } as const;

const formParams = z.object({
  name: z.string().describe('The form: contact-us-form, project-form or careers-form'),
});

export interface PublicRoutesOptions {
  db: Db;
  /** The inbox areas. */
  areas: readonly AreaModel[];
  config: Pick<Config, 'publicFormRateLimit' | 'publicFormGlobalLimit'>;
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
  // Any other body (a urlencoded form, XML…) is refused here, before it is read.
  app.addContentTypeParser('*', (_request, _payload, done) => done(new HttpError(415, NOT_A_FORM), undefined));

  const rateLimit =
    config.publicFormRateLimit > 0
      ? {
          rateLimit: {
            max: config.publicFormRateLimit,
            timeWindow: '1 minute',
            errorResponseBuilder: () => new HttpError(429, TOO_MANY_SUBMISSIONS),
          },
        }
      : {};

  /** Refuses a submission once the form took its cap in the last minute, from all addresses and instances. */
  async function checkCap(model: AreaModel, reply: FastifyReply, now: Date) {
    if (config.publicFormGlobalLimit <= 0) return;
    const { count, earliest } = await countCreatedSince(db, model.name, new Date(now.getTime() - WINDOW_MS));
    if (count < config.publicFormGlobalLimit) return;
    // The earliest of them leaves the window first.
    const wait = earliest ? Date.parse(earliest) + WINDOW_MS - now.getTime() : WINDOW_MS;
    reply.header('retry-after', String(Math.min(60, Math.max(1, Math.ceil(wait / 1000)))));
    throw new HttpError(429, FORM_BUSY);
  }

  const inboxes = new Map(areas.map((model) => [model.name, model]));
  // One route for all the forms, so they share one budget per IP.
  app.post(
    '/api/public/:name',
    {
      config: { csrf: false, ...rateLimit },
      schema: {
        tags: ['public'],
        operationId: 'submitForm',
        summary: 'Submit a website form',
        security: NO_SECURITY,
        description:
          'The body is the form\'s fields, as JSON or as multipart/form-data (text fields by name, a list field by ' +
          'repeated names); only multipart can carry a file (careers-form: `cv`, PDF or DOCX). It is validated by the ' +
          `form's declaration, so it is not described here: see docs/website-forms.md. A non-empty \`${HONEYPOT_FIELD}\` ` +
          'field (the honeypot) is answered 201 and nothing is stored.',
        consumes: ['application/json', 'multipart/form-data'],
        params: formParams,
        response: {
          201: z.object({ received: z.literal(true) }).describe('Received (or caught by the honeypot: the same answer).'),
          ...errorResponses(400, 404, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const model = inboxes.get(request.params.name);
      if (!model) throw new HttpError(404, 'Not Found');
      const now = new Date();
      // Before reading a file: a flood is refused cheaply, bots and people alike.
      await checkCap(model, reply, now);
      const form = await readForm(request, model);
      const options = { publicSubmission: true, files: form.files, errors: form.errors, check: visitorReferences(model, now), now };
      // A bot: answered as a real submission, after the same reading and checks, and nothing is stored.
      if (honeypotFilled(form.body)) await rehearseSubmission(db, model, form.body, options);
      else await createSubmission(db, model, form.body, options);
      return reply.code(201).send(received);
    },
  );
};
