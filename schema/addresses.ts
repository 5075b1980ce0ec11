// The path an address on this site reaches is not always the text written: the router decodes percent-escapes
// (`/%61pi/uploads/…` is /api/uploads/…), and browsers resolve dot segments (`/api/./uploads/…`), read a backslash as
// a slash, and some servers and proxies fold repeated slashes. Checks that read the text (a file field's: only an
// image, never a CV; the upload sweep's, server/upload-ids.ts) miss a file named that way, which could then show a
// private document or be deleted while in use. So an address that reaches the API is written exactly as it is read.
// No imports: shared by the console and the server.

// `https:`, `mailto:`: not a path of this site.
const SCHEME = /^[a-z][a-z\d+.-]*:/i;
const ESCAPES = /(?:%[0-9a-f]{2})+/gi;
const ASCII_ESCAPE = /%[0-7][0-9a-f]/gi;

/** `%XX` decoded, again while any is left (a proxy may decode once more); bytes that are no UTF-8 stay escaped. */
export function decodeEscapes(text: string): string {
  let current = text;
  for (let round = 0; round < 5; round += 1) {
    const next = current.replace(ESCAPES, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run.replace(ASCII_ESCAPE, (escape) => decodeURIComponent(escape));
      }
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * The path of this site that `address` reaches once read (escapes decoded, backslashes as slashes, repeated slashes
 * as one, dot segments resolved), without its query; undefined for what names no path of this site from its root
 * (a web address, `mailto:`, `#top`, `photo.png`).
 */
export function pathReached(address: string): string | undefined {
  if (SCHEME.test(address)) return undefined;
  const decoded = decodeEscapes(address.split(/[?#]/, 1)[0]!).replaceAll('\\', '/');
  if (!decoded.startsWith('/')) return undefined;
  const segments: string[] = [];
  const names = decoded.split('/').slice(1);
  names.forEach((name) => {
    if (name === '..') segments.pop();
    else if (name !== '' && name !== '.') segments.push(name);
  });
  const last = names.at(-1);
  const trailing = segments.length > 0 && (last === '' || last === '.' || last === '..');
  return `/${segments.join('/')}${trailing ? '/' : ''}`;
}

const API_PATH = /^\/api(?:\/|$)/i;

/**
 * False for an address that reaches /api/ but is not written as the path it reaches (`/%61pi/uploads/<id>`,
 * `/api/./uploads/<id>`, `//api/uploads/<id>`, `/API/uploads/<id>`); true for everything else.
 */
export function isApiAddressAsWritten(address: string): boolean {
  const path = pathReached(address);
  if (path === undefined || !API_PATH.test(path)) return true;
  return path.startsWith('/api') && address.split(/[?#]/, 1)[0] === path;
}

export const disguisedApiAddressMessage = (label: string) =>
  `${label} leads to the API in a roundabout way (an escaped letter, a dot segment, a doubled slash or a backslash): write it as the address it reaches, such as /api/uploads/<id>`;
