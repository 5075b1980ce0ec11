// JSON bodies are UTF-8 (RFC 8259, section 8.1). Fastify's own parser decodes every body as UTF-8 whatever charset it
// is labelled with, and turns bytes that are not UTF-8 into U+FFFD: "José" posted as Latin-1 was stored as "Jos\uFFFD".
// Both are refused here instead, before anything is stored.
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error';

export const NOT_UTF8_MESSAGE = 'The request body is not valid UTF-8.';

export const PROTOTYPE_KEY_MESSAGE = 'The request body holds a "__proto__" or "constructor.prototype" key, which this API refuses.';

function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export const notUtf8CharsetMessage = (charset: string) => `JSON must be sent as UTF-8: the charset '${charset}' is not supported here.`;

/** The charset parameter of a Content-Type header, unquoted; undefined when it has none. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? '') : undefined;
}

// fatal: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD. A leading byte order mark is dropped,
// as before (RFC 8259 lets a parser ignore one).
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Replaces Fastify's application/json parser with one that reads the bytes (after any Content-Encoding was undone,
 * within the same body limit), refuses another charset (415) and bytes that are not UTF-8 (400), then parses as
 * Fastify does (the same prototype-poisoning checks and messages).
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
      done(new HttpError(415, notUtf8CharsetMessage(charset)), undefined);
      return;
    }
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new HttpError(400, NOT_UTF8_MESSAGE), undefined);
      return;
    }
    // No body at all, sent with the header a client sets on every request (react-admin's fetchJson does on a DELETE):
    // the route then has no body, and says so where it needs one ("The request body must be a JSON object."),
    // instead of refusing a DELETE or a sign-out for its header (an outside probe, 2026-12-06).
    if (text === '') {
      done(null, undefined);
      return;
    }
    parse(request, text, (error, parsed) => {
      // Fastify says "not valid JSON" for a body it refuses for its "__proto__" or "constructor.prototype" key too:
      // valid JSON to the one who sent it, who is told which.
      if (error && isValidJson(text)) done(new HttpError(400, PROTOTYPE_KEY_MESSAGE), undefined);
      else done(error, parsed);
    });
  });
}
