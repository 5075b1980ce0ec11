/** An error whose status and message are meant for the client (4xx); the error handler sends them as they are. */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** More of the answer's body, beside `message` (an edit conflict's, server/edit-conflicts.ts). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function isApiPath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/');
}
