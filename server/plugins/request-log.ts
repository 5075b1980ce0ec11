// What the request log says of a request. Fastify's serializer logs the URL as it came, query included, and a signed
// download link's `sig` is a credential for a CV (valid 5 minutes, routes/uploads.ts): the log holds secrets' names,
// never their values.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

// `sig` (signed links) is the API's only one; the others are what a client may put in a URL by mistake.
const SECRET_PARAM = /^(sig|signature|.*token|.*secret|.*password|passwd|pwd|.*key|code|auth.*|session.*|credential.*)$/i;

export const REDACTED = '[redacted]';

/** The URL with the value of every parameter named like a secret replaced, the rest kept as sent. */
export function redactedUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_PARAM.test(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).trim();
  } catch {
    return name;
  }
}

/** Fastify's request serializer (lib/logger-pino.js), with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger options with the redacting serializer, whatever else they set. */
export function withRedactedRequests(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === false) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
