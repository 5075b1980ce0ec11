import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { TOKEN_STORAGE_KEY } from './src/tokenStorageKey.ts';

// The dev server proxies the API so the console and /api share one origin, as in production.
const apiPort = process.env.API_PORT ?? '8081';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Files worth compressing, and the size under which compression saves less than the headers it costs.
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Issue #10: the console's files are compressed once, at build time, at the strongest settings (brotli 11, gzip 9),
 * next to the originals (`index-abc.js.br`, `.gz`). The server sends them to browsers that accept them
 * (@fastify/static preCompressed) and spends no CPU per request on it.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cornerstone-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = [...Object.keys(bundle), 'index.html'].filter((name, index, all) => all.indexOf(name) === index && COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file).catch(() => undefined);
          if (!content || content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipAsync(content, { level: 9 }),
          ]);
          // A compressed copy no smaller than the original is not worth sending.
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** The chunk of the routed console (build.rolldownOptions below). */
const CONSOLE_CHUNK = 'AdminApp';

/**
 * Issue #10: a signed-in visitor (a reload, a console opened again) needs the console's chunk, which the sign-in
 * page's script would only ask for once it had arrived and run: on a slow phone's link, half a second later. A few
 * bytes of inline script in index.html look for the token (kept in localStorage, src/httpClient.ts tokenStore) and, when
 * there is one, load the chunk as a module script of its own, beside the page's. A visitor who is not signed in fetches
 * nothing more. The server allows this one script by its hash in the Content-Security-Policy
 * (server/plugins/console.ts).
 */
function startConsoleWhenSignedIn(): Plugin {
  let base = '/';
  return {
    name: 'cornerstone-start-console',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find((file) => file.type === 'chunk' && file.name === CONSOLE_CHUNK);
        if (!chunk) throw new Error(`the build has no chunk named ${CONSOLE_CHUNK} to load (vite.config.ts)`);
        const href = `${base}${chunk.fileName}`;
        // How the chunk is asked for decides where it is compiled (a throttled phone, CPU x4, measured):
        // - a module script of its own (this): the browser compiles it off the main thread as it downloads, and runs it
        //   when it is there (its imports, the page's own script among them, first); the console's import() then finds
        //   it run. Against the preload below: main-thread blocking 726 -> 601 ms (median of six), the console's
        //   compile no longer a task of its own (175-205 ms) in the first screen.
        // - <link rel=preload as=script>: downloaded early, but compiled on the main thread inside the console's
        //   import(), in one piece (the browser cannot stream a response it already holds).
        // - <link rel=modulepreload>: compiled on the main thread as it arrived, a task 3-4 times longer still.
        // The chunk's address is an attribute, not part of the script's text: the text, and so its hash in the
        // Content-Security-Policy, stays the same from one build to the next. The script loads only a script under the
        // build's assets/, and script-src 'self' still decides what may run.
        const assets = `${base}assets/`;
        const script =
          `try{var c=document.currentScript.dataset.console;` +
          `if(c&&c.indexOf(${JSON.stringify(assets)})===0&&/^[\\w.-]+\\.js$/.test(c.slice(${assets.length}))&&localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})){` +
          `var s=document.createElement("script");s.type="module";s.src=c;document.head.appendChild(s)}}catch(e){}`;
        // Before the page's own script and stylesheet: an inline script after a stylesheet waits for it.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('index.html has no module script to put the console\'s before (vite.config.ts)');
        return `${html.slice(0, at)}<script data-console="${href}">${script}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), startConsoleWhenSignedIn()],
  resolve: {
    alias: [
      { find: 'object.entries', replacement: fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) },
      // zod, told never to compile code under the console's Content-Security-Policy (src/shims/zod.ts).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/shims/zod.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 8080,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    // Issue #10: source maps are not published by default (they show the console's source to anyone); set
    // SOURCE_MAPS=true at build time to get them, e.g. for an error tracker that keeps them private.
    sourcemap: process.env.SOURCE_MAPS === 'true',
    chunkSizeWarningLimit: 1500,
    // Issue #10. Left alone, the bundler cuts every set of modules that a different set of lazy screens shares into a
    // chunk of its own: the dashboard came in 27 files, most of them 1–2 KB, each a request and its headers. Instead:
    // the sign-in page's modules stay in its chunk ($initial: what index.html loads), and the routed console with
    // everything it imports statically (src/ConsoleRouter.tsx with react-router, src/AdminApp.tsx with the dashboard's
    // own screen, and all below them) is one chunk: 219 KB transferred. The other screens (src/resources/*/index.ts
    // loaders) and the rich-text editor are chunks of their own. No group per area: one made without its dependencies
    // gave a circular pair of chunks, and a screen undefined. Nor a chunk of the router alone: Lighthouse's simulation
    // of a signed-in /dashboard put its LCP 0.35 s later with one (the page shows no later in a throttled browser).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 2 },
            { name: CONSOLE_CHUNK, test: /[\\/]src[\\/](?:AdminApp|ConsoleRouter)\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
});
