// Uploaded files: images for the website (public) and documents such as CVs (signed-in users, or a short-lived
// signed link). A file's type is read from its bytes; its name and declared type are never trusted.
import { createHmac } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { DOCUMENT_MAX_UNPACKED_BYTES, MAX_UPLOAD_BYTES, MB, UPLOAD_RULES } from '../../schema/uploads';
import type { Config } from '../config';
import type { Database } from '../db/types';
import { HttpError } from '../http-error';
import { requireUser } from '../plugins/authenticate';
import { SIGNED_IN, SIGNED_IN_WITH_CSRF, documentationOnly } from '../plugins/openapi';
import { findUpload, findUploadInfo, insertUpload, type UploadInfo } from '../repositories/uploads';
import { safeEqual } from '../secrets';
import { RESERVED_FIELD_NAME, isReservedFieldName, readFilePart } from '../file-parts';
import { checkFile } from '../upload-files';
import { errorBodySchema, errorResponses } from './contract';
import { etagMatches } from '../plugins/public-cache';

export const LINK_TTL_SECONDS = 5 * 60;

export const UNSUPPORTED_TYPE =
  `This kind of file is not accepted. Upload an image (${UPLOAD_RULES.image.typesText}) or a document (${UPLOAD_RULES.document.typesText}).`;
export const TOO_MANY_FIELDS = 'Too many fields: send the file in a field named "file", with at most 10 other fields (they are ignored).';
export const ONE_FILE_AT_A_TIME = 'Send one file at a time: this upload holds more than one file, and none was stored.';
export const INVALID_LINK = 'This download link is invalid or has expired. Open the file again from the console.';

/** RFC 6266: a plain ASCII `filename` for old clients and the exact name in `filename*`. */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function signLink(secret: string, id: string, expires: number): string {
  return createHmac('sha256', secret).update(`upload:${id}:${expires}`).digest('base64url');
}

function hasValidSignature(secret: string, id: string, query: { sig?: string; exp?: string }, now = Date.now()): boolean {
  if (!query.sig || !query.exp || !/^\d{1,12}$/.test(query.exp)) return false;
  const expires = Number(query.exp);
  if (expires * 1000 < now) return false;
  return safeEqual(query.sig, signLink(secret, id, expires));
}

// The pattern is said, not checked by the schema: an id of another shape is a 404, as an unknown one is (not a 400).
const uploadParams = z.object({ id: z.string().meta({ description: "The upload's id: 32 hexadecimal digits", pattern: '^[0-9a-f]{32}$' }) });
// A signed link is used as it was given: anything else is not one (the API's words, not the validator's).
const LINK_AGAIN = 'is not part of a link this API gave: ask for a new link (POST /api/uploads/{id}/link)';
const downloadQuery = z.object({
  sig: z.string({ error: `sig ${LINK_AGAIN}` }).max(100, { error: `sig ${LINK_AGAIN}` }).optional().describe('The signature of a link from POST /api/uploads/{id}/link'),
  exp: z.string({ error: `exp ${LINK_AGAIN}` }).max(20, { error: `exp ${LINK_AGAIN}` }).optional().describe("The link's expiry (Unix seconds)"),
});
// 128 random bits, hex: anything else cannot be one of ours.
const UPLOAD_ID = /^[0-9a-f]{32}$/;

const toAnswer = (upload: UploadInfo) => ({
  id: upload.id,
  src: `/api/uploads/${upload.id}`,
  title: upload.filename,
  mime: upload.mime,
  size: upload.size,
  width: upload.width,
  height: upload.height,
});

// What the console stores in a file field (schema/define.ts uploadObject), plus the id and an image's size in pixels
// (kept with the upload, not in the record: the website's answers read it from there).
const uploadAnswerSchema = z
  .object({
    id: z.string(),
    src: z.string().describe('Where the file is served: /api/uploads/{id}'),
    title: z.string().describe("The file's name"),
    mime: z.string().describe('The type read from its bytes'),
    size: z.int().nonnegative().describe('Bytes'),
    width: z.int().positive().nullable().describe('An image: pixels wide, as it is shown (a JPEG turned by its EXIF orientation counts turned). A document: null'),
    height: z.int().positive().nullable().describe('An image: pixels high, as it is shown. A document: null'),
  })
  .meta({ title: 'Upload' });

const uploadBody = z.object({ file: z.file().describe('One image or document') });

export interface UploadRoutesOptions {
  db: Kysely<Database>;
  config: Pick<Config, 'secretKey' | 'uploadMaxPixels'>;
}

/** The one file of an upload request; a second file is refused, not dropped (issue #9). */
async function readFile(request: FastifyRequest): Promise<{ bytes: Buffer; filename: string | undefined }> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data, in a field named "file".');
  let file: { bytes: Buffer; filename: string | undefined } | undefined;
  try {
    // files: 1 makes a second file part fail the iteration (FST_FILES_LIMIT), answered as "one file at a time".
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new HttpError(400, `The file must be sent in a field named "file", not "${part.fieldname}".`);
      }
      file = { bytes: await readFilePart(part.file), filename: part.filename };
    }
  } catch (error) {
    throw readError(error);
  }
  if (!file) throw new HttpError(400, 'No file was sent. Send it in a field named "file".', { file: 'No file was sent' });
  return file;
}

function readError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(413, `The file is too large: documents can be at most ${UPLOAD_RULES.document.maxBytes / MB} MB, images ${UPLOAD_RULES.image.maxBytes / MB} MB.`);
  }
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, ONE_FILE_AT_A_TIME, { file: 'One file at a time' });
  // Other fields are ignored, up to ten; past them the upload says so, whatever their order (an outside probe got
  // "malformed" or "no other fields" for the eleventh, depending on where the file was).
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new HttpError(400, TOO_MANY_FIELDS);
  if (isReservedFieldName(error)) return new HttpError(400, RESERVED_FIELD_NAME);
  return new HttpError(400, 'The upload is malformed and could not be read.');
}

export const uploadRoutes: FastifyPluginAsyncZod<UploadRoutesOptions> = async (app, { db, config }) => {
  // In this scope only: the auth routes register their own for the sign-in form.
  await app.register(fastifyMultipart);

  const uploadSchema = {
    tags: ['uploads'],
    operationId: 'createUpload',
    summary: 'Upload a file',
    description: `One file in the field \`file\`. Images (${UPLOAD_RULES.image.typesText}) up to ${UPLOAD_RULES.image.maxBytes / MB} MB, documents (${UPLOAD_RULES.document.typesText}) up to ${UPLOAD_RULES.document.maxBytes / MB} MB; the type is read from the bytes. Images above UPLOAD_MAX_PIXELS (read from the header) and DOCX files that unpack past ${DOCUMENT_MAX_UNPACKED_BYTES / MB} MB are refused (413); a second file in the request is refused (400). A file no record names is deleted after UPLOAD_GRACE_HOURS.`,
    security: SIGNED_IN_WITH_CSRF,
    consumes: ['multipart/form-data'],
    // Read by readFile, whose messages say which field to use.
    body: documentationOnly(uploadBody),
    response: { 201: uploadAnswerSchema.describe('Stored: the value to put in a file field.'), ...errorResponses(400, 401, 403, 413, 415) },
  };
  app.post('/api/uploads', { onRequest: app.authenticate, schema: uploadSchema }, async (request, reply) => {
    const user = requireUser(request);
    const { bytes, filename } = await readFile(request);
    const checked = await checkFile(bytes, filename, { createdBy: user.id, maxPixels: config.uploadMaxPixels });
    if ('refused' in checked) {
      if (checked.refused === 'empty') throw new HttpError(400, 'The file is empty.', { file: 'The file is empty' });
      if (checked.refused === 'type') throw new HttpError(415, UNSUPPORTED_TYPE);
      if (checked.refused === 'damaged') throw new HttpError(400, checked.message, { file: checked.message });
      if (checked.refused === 'unpacks') throw new HttpError(413, checked.message, { file: checked.message });
      if (checked.refused === 'pixels') {
        const { width, height, maxPixels } = checked;
        const message = `The image is too large: ${width} × ${height} pixels; images can have at most ${maxPixels / 1_000_000} megapixels.`;
        throw new HttpError(413, message, { file: message });
      }
      const { maxBytes, noun } = checked.rule;
      throw new HttpError(413, `The file is too large: ${noun}s can be at most ${maxBytes / MB} MB.`);
    }
    const upload = await insertUpload(db, checked.upload);
    return reply.code(201).send(toAnswer(upload));
  });

  const linkSchema = {
    tags: ['uploads'],
    operationId: 'createUploadLink',
    summary: 'A short-lived link to a file',
    description: `A link that opens the file without a token (a plain <a href>), valid ${LINK_TTL_SECONDS / 60} minutes.`,
    security: SIGNED_IN_WITH_CSRF,
    params: uploadParams,
    response: {
      200: z.object({ url: z.string(), expires_at: z.string() }).describe('The signed link and when it expires.'),
      ...errorResponses(401, 403, 404),
    },
  };
  app.post('/api/uploads/:id/link', { onRequest: app.authenticate, schema: linkSchema }, async (request) => {
    const { id } = request.params;
    if (!UPLOAD_ID.test(id) || !(await findUploadInfo(db, id))) throw new HttpError(404, 'Not Found');
    const expires = Math.floor(Date.now() / 1000) + LINK_TTL_SECONDS;
    return {
      url: `/api/uploads/${id}?sig=${signLink(config.secretKey, id, expires)}&exp=${expires}`,
      expires_at: new Date(expires * 1000).toISOString(),
    };
  });

  const downloadSchema = {
    tags: ['uploads'],
    operationId: 'getUpload',
    summary: 'Download a file',
    description: 'Images are public and cached for good (ETag, 304). Documents need a bearer token or a signed link (sig and exp).',
    // Images need nothing; documents a token (or a signed link).
    security: [{}, ...SIGNED_IN],
    params: uploadParams,
    querystring: downloadQuery,
    response: {
      200: {
        description: 'The file, with its stored type and a Content-Disposition naming it.',
        headers: {
          ETag: { type: 'string', description: "An image's: its content hash, quoted; send it back in If-None-Match. Documents have none." },
          'Cache-Control': { type: 'string', description: 'An image: `public, max-age=31536000, immutable` (its address changes when the file does). A document: `private, no-store`.' },
          'Content-Disposition': { type: 'string', description: 'An image `inline`, a document `attachment`, with the file name (RFC 6266: `filename` and `filename*`).' },
        },
        content: { '*/*': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) } },
      },
      304: z.undefined().meta({
        description: 'Not modified (an image whose ETag the request sent). No body.',
        headers: { ETag: { type: 'string', description: "The image's ETag, as the request sent it." } },
      }),
      ...errorResponses(400, 401, 404),
      403: { description: `A signed link (sig and exp) that is not valid, or has expired: "${INVALID_LINK}"`, content: { 'application/json': { schema: errorBodySchema } } },
    },
  };
  app.get('/api/uploads/:id', { schema: downloadSchema }, async (request, reply) => {
    const { id } = request.params;
    const upload = UPLOAD_ID.test(id) ? await findUpload(db, id) : undefined;
    if (!upload) throw new HttpError(404, 'Not Found');

    reply.header('x-content-type-options', 'nosniff');
    if (upload.kind === 'image') {
      // The id keeps its bytes (but once, when an upgrade dropped an old image's metadata: migration 0017), so caches
      // may keep it for good; the website (another origin) embeds it.
      const etag = `"${upload.sha256}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('cross-origin-resource-policy', 'cross-origin');
      // As the website's API reads it: a list, a weak tag or `*` (an exact match only answered 200: an outside probe).
      const asked = request.headers['if-none-match'];
      if (asked !== undefined && etagMatches(asked, etag)) return reply.code(304).send();
      return reply.type(upload.mime).header('content-disposition', contentDisposition('inline', upload.filename)).send(upload.data);
    }

    // Documents (CVs) hold personal data: a signed-in user, or a link one of them asked for a moment ago.
    if (request.query.sig !== undefined || request.query.exp !== undefined) {
      if (!hasValidSignature(config.secretKey, id, request.query)) throw new HttpError(403, INVALID_LINK);
    } else {
      await app.authenticate(request, reply);
    }
    return reply
      .type(upload.mime)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', contentDisposition('attachment', upload.filename))
      .send(upload.data);
  });
};
