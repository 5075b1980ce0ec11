// An answer sent before its request's body is all in (a 413 past the body limit, a 403 without the CSRF pair, a 401
// before an upload) closes the connection, but only once the client can have read it. Node closed it at once, with
// the rest of the body still arriving: the kernel answers bytes sent to a closed socket with a reset, and a reset
// throws away whatever the client had not read yet, the answer included (probes: 1 in 27 large uploads by Node's
// fetch, 6 to 8 in 30 of 20 MB, got `EPIPE` or `ECONNRESET` instead of the 413). RFC 9112, section 9.6: a server that closes sends
// its answer, half-closes, and reads on until the client closes too. Here that read is bounded, so a client cannot
// hold a socket (or feed the server bytes) for as long as it likes.
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The most of an unread body read (and dropped) after its answer, and for how long at most (docs/security.md). */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
export const DRAIN_MAX_MS = 10_000;

export function registerLingeringClose(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    // app.inject() has no socket: its body is all there.
    if (!(raw.socket instanceof Socket) || raw.complete || !hasBody(raw)) return payload;
    // Refused as it arrived (401, 403): the rest of a small body is likely in the buffer Node is parsing right now.
    await new Promise((resolve) => setImmediate(resolve));
    if (raw.complete || raw.socket.destroyed) return payload;
    // The rest of the body is not read for a next request: this connection ends with this answer.
    reply.header('connection', 'close');
    lingerAfterAnswer(raw);
    return payload;
  });
}

function hasBody(raw: IncomingMessage): boolean {
  return raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
}

const lingering = new WeakSet<IncomingMessage>();

/** Reads and drops the rest of `request`'s body; its socket closes once the client has sent it or closed, or at a cap. */
function lingerAfterAnswer(request: IncomingMessage): void {
  if (lingering.has(request)) return;
  lingering.add(request);
  const socket = request.socket;
  let read = 0;
  let answered = false;
  let timer: NodeJS.Timeout | undefined;
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  // Once the answer is in the kernel's hands: destroying the socket earlier would drop it.
  const closeWhenSent = () => (socket.writableFinished ? close() : socket.once('finish', close));
  // Whoever was reading the body (Fastify's parser, a multipart reader) stops here; the bytes go nowhere.
  request.unpipe();
  request.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read <= DRAIN_MAX_BYTES) return;
    request.pause();
    if (answered) closeWhenSent();
  });
  request.resume();
  // Node calls this once an answer saying `Connection: close` is written; its own version destroys the socket as soon
  // as the answer is flushed, which is what resets the connection under an upload.
  socket.destroySoon = () => {
    answered = true;
    if (socket.writable) socket.end();
    timer = setTimeout(close, DRAIN_MAX_MS).unref();
    socket.once('close', () => clearTimeout(timer));
    // The whole body in (nothing more is coming to make a reset), or as much of it as is read at most.
    if (request.complete || read > DRAIN_MAX_BYTES) closeWhenSent();
    else request.once('end', closeWhenSent);
  };
}
