// The example website's web server: serves this folder, and /config.js, which tells the pages where the API is.
// node:http only, so the example runs with nothing installed. Not a production server: put the files on any
// static host (or a CDN) and write config.js by hand there.
//
//   WEBSITE_PORT=8090 CORNERSTONE_API_URL=http://localhost:8080 node examples/website/server.mjs
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

// Only what a browser needs: this file, the READMEs, type files and anything else in the folder stay unserved.
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

function readSettings(env) {
  const problems = [];
  const port = Number(env.WEBSITE_PORT ?? 8090);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('WEBSITE_PORT: must be a whole number between 0 and 65535');
  let api;
  try {
    api = new URL(env.CORNERSTONE_API_URL || 'http://localhost:8080');
    if (api.protocol !== 'http:' && api.protocol !== 'https:') throw new Error('not http');
  } catch {
    problems.push('CORNERSTONE_API_URL: must be an http:// or https:// address, such as http://localhost:8080');
  }
  if (problems.length > 0) {
    throw new Error(`Invalid environment configuration:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
  }
  // Without a trailing slash, so the pages can append /api/public/…
  const apiUrl = `${api.origin}${api.pathname.replace(/\/+$/, '')}`;
  return { port, host: env.WEBSITE_HOST || undefined, apiUrl, apiOrigin: api.origin };
}

function securityHeaders(apiOrigin) {
  return {
    // The pages only talk to themselves and to the API; images come from the API's uploads (or any https host a
    // record names). No inline script anywhere, so none is allowed.
    'Content-Security-Policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      `connect-src 'self' ${apiOrigin}`,
      `img-src 'self' data: ${apiOrigin} https:`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // An example edited while it runs: always revalidate.
    'Cache-Control': 'no-cache',
  };
}

function createWebsiteServer(settings) {
  const headers = securityHeaders(settings.apiOrigin);
  const configJs = `// Written by server.mjs from CORNERSTONE_API_URL.\nexport const config = Object.freeze(${JSON.stringify({ apiUrl: settings.apiUrl })});\n`;

  const send = (response, status, type, body) => {
    response.writeHead(status, { ...headers, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
    response.end(body);
  };

  return createServer(async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      send(response, 405, 'text/plain; charset=utf-8', 'Method Not Allowed\n');
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname);
    } catch {
      send(response, 400, 'text/plain; charset=utf-8', 'Bad Request\n');
      return;
    }
    if (pathname === '/config.js') {
      send(response, 200, TYPES['.js'], configJs);
      return;
    }
    if (pathname.endsWith('/')) pathname += 'index.html';
    const file = normalize(join(ROOT, pathname));
    // Tests beside the modules are not part of the site.
    const type = file.endsWith('.test.js') ? undefined : TYPES[extname(file)];
    // normalize() resolves '..': anything that lands outside the folder is simply not found.
    const inside = file.startsWith(ROOT.endsWith(sep) ? ROOT : ROOT + sep);
    const info = inside && type ? await stat(file).catch(() => null) : null;
    if (!info?.isFile()) {
      send(response, 404, 'text/plain; charset=utf-8', 'Not Found\n');
      return;
    }
    response.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': info.size });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(file)
      .on('error', () => response.destroy())
      .pipe(response);
  });
}

let settings;
try {
  settings = readSettings(process.env);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const server = createWebsiteServer(settings);
server.listen(settings.port, settings.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  console.log(`Example website on http://localhost:${port} (API: ${settings.apiUrl})`);
});
const close = () => server.close(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
