import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type AliasOptions, type Plugin, type ResolvedConfig } from 'vite';
import { THEME_KEY } from './src/colorScheme.ts';
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

const objectEntries = { find: 'object.entries', replacement: fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) };
// zod, told never to compile code under the console's Content-Security-Policy (src/shims/zod.ts): development and
// the build-time renderings below.
const alias: AliasOptions = [objectEntries, { find: /^zod$/, replacement: fileURLToPath(new URL('./src/shims/zod.ts', import.meta.url)) }];
// The production console: zod as a chunk of its own, loaded after the first screen (src/shims/zod-late.ts, issue #10).
const buildAlias: AliasOptions = [objectEntries, { find: /^zod$/, replacement: fileURLToPath(new URL('./src/shims/zod-late.ts', import.meta.url)) }];

/**
 * Loads one of the console's modules in Node, as Vite would serve it (with zod itself), for a build-time result: with
 * the build's own mode and environment files, so that what it reads from import.meta.env (VITE_API_BASE, the product's
 * name) is what the console's bundle reads.
 */
async function loadAtBuildTime<T>(build: ResolvedConfig, module: string): Promise<T> {
  const server = await createServer({
    configFile: false,
    root: build.root,
    mode: build.mode,
    envDir: build.envDir,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    resolve: { alias },
    plugins: [react()],
  });
  try {
    return (await server.ssrLoadModule(module)) as T;
  } finally {
    await server.close();
  }
}

/**
 * Issue #10: the areas' facts the console's first screen reads (src/areaFacts.ts: field labels and limits) are worked
 * out from the declarations at build time, and the build ships the result instead of the module that works them out
 * (src/areaFactsData.ts), which builds every area's schema with zod. With it, the console's chunk carries no zod
 * (src/shims/zod-late.ts): 22 KB compressed, and about 55 ms of a slow phone's main thread as the chunk runs.
 */
function areaFactsAtBuildTime(): Plugin {
  let build: ResolvedConfig | undefined;
  let dataModule = '';
  return {
    name: 'cornerstone-area-facts',
    apply: 'build',
    configResolved(config) {
      build = config;
      dataModule = path.join(config.root, 'src', 'areaFactsData.ts');
    },
    async load(id) {
      if (id !== dataModule || !build) return null;
      const { AREA_FACTS } = await loadAtBuildTime<{ AREA_FACTS: unknown }>(build, '/src/areaFactsData.ts');
      // JSON.parse of one string: the quickest way for a browser to read a large literal.
      return `export const AREA_FACTS = JSON.parse(${JSON.stringify(JSON.stringify(AREA_FACTS))});\n`;
    },
  };
}

/**
 * Issue #10: the sign-in page is drawn into index.html at build time (src/login/prerender.tsx), so that a visitor sees
 * it as soon as the page and its stylesheet have come, not after React and the page's script (65 KB compressed) have
 * come and run: Lighthouse's slow phone put that at 1.46-1.52 s, over the 1.4 s budget. React then draws its own page
 * over it, the same to the pixel, taking over what was typed (src/login/prerenderedForm.ts). A signed-in visitor's
 * page hides it (LoginPage.css, with the attribute the script below sets on <html>).
 */
function prerenderSignInPage(): Plugin {
  let build: ResolvedConfig | undefined;
  return {
    name: 'cornerstone-prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      build = config;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!build) throw new Error('the sign-in page is drawn in a build only (vite.config.ts)');
        const module = await loadAtBuildTime<{ renderSignInPage: () => string }>(build, '/src/login/prerender.tsx');
        const page = module.renderSignInPage();
        const emptyRoot = '<div id="root"></div>';
        if (!html.includes(emptyRoot)) throw new Error(`index.html has no ${emptyRoot} to draw the sign-in page in (vite.config.ts)`);
        return html.replace(emptyRoot, `<div id="root">${page}</div>`);
      },
    },
  };
}

/**
 * Issue #10: the sign-in page's stylesheet (src/index.css, LoginPage.css and the notification area's: 7 KB, 2.6 KB
 * compressed) is written into index.html instead of linked: the page drawn at build time (prerenderSignInPage) is shown
 * as the HTML is read, without waiting a round trip for a stylesheet that blocks the first paint. The
 * Content-Security-Policy already allows inline styles (MUI's emotion needs them, server/app.ts).
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'cornerstone-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="[^"]*\/(assets\/[^"/]+\.css)"[^>]*>/g)];
        if (links.length !== 1) throw new Error(`index.html links ${links.length} stylesheets, not the one to write into it (vite.config.ts)`);
        const [link, fileName] = links[0]!;
        const asset = context.bundle?.[fileName!];
        if (!asset || asset.type !== 'asset') throw new Error(`the build has no stylesheet ${fileName} (vite.config.ts)`);
        const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        if (css.includes('</')) throw new Error(`${fileName} holds "</", which would end its <style> (vite.config.ts)`);
        return html.replace(link, `<style>${css}</style>`);
      },
    },
  };
}

/**
 * Issue #10: the icon (public/favicon.svg, 174 bytes) is written into the built index.html as a data: address, so the
 * page asks for nothing it does not need before its first paint (on a slow phone's link a request of its own held a
 * share of the link while the page's scripts came). The file stays, for anything that asks for it.
 */
function inlineFavicon(): Plugin {
  let publicDir = '';
  return {
    name: 'cornerstone-inline-favicon',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async transformIndexHtml(html) {
      const link = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />';
      if (!html.includes(link)) throw new Error('index.html has no icon link to write the icon into (vite.config.ts)');
      const svg = (await readFile(path.join(publicDir, 'favicon.svg'), 'utf8')).trim();
      return html.replace(link, `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${encodeURIComponent(svg)}" />`);
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
  let build: ResolvedConfig | undefined;
  return {
    name: 'cornerstone-start-console',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      build = config;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!build) throw new Error('the console is started from index.html in a build only (vite.config.ts)');
        const { EARLY_READS, EARLY_RESPONSES_GLOBAL } = await loadAtBuildTime<typeof import('./src/earlyReads.ts')>(build, '/src/earlyReads.ts');
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
        // It also tells the page, before it is drawn, the scheme the console chose (src/colorScheme.ts) and that a
        // visitor is signed in, which hides the sign-in page drawn at build time (prerenderSignInPage below).
        // And it starts the reads a signed-in start needs (src/earlyReads.ts: which, by page, given as data-reads; the
        // sign-in page's script takes the responses over): asked for as the page is parsed rather than once that
        // script has come and run, they no longer share a slow link's last stretch with the console's chunk
        // (Lighthouse, signed-in /dashboard: the chunk, the largest paint's last request, came 20-150 ms sooner).
        const script =
          `try{var d=document.documentElement,t=JSON.parse(localStorage.getItem(${JSON.stringify(THEME_KEY)}));` +
          `if(t==="light"||t==="dark")d.dataset.theme=t}catch(e){}` +
          `try{var o=document.currentScript.dataset,c=o.console,k=localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)});` +
          `if(k){d.dataset.signedIn="";` +
          `try{var r=JSON.parse(o.reads),p=location.pathname,u=r[p.length>1?p.replace(/\\/$/,""):p]||r["*"]||[],` +
          `e=window[${JSON.stringify(EARLY_RESPONSES_GLOBAL)}]={},h={Accept:"application/json",Authorization:"Bearer "+k};` +
          `for(var i=0;i<u.length;i++){var f=fetch(u[i],{headers:h,credentials:"same-origin"});f.catch(function(){});e[u[i]]={response:f,token:k,at:Date.now()}}}catch(x){}` +
          `if(c&&c.indexOf(${JSON.stringify(assets)})===0&&/^[\\w.-]+\\.js$/.test(c.slice(${assets.length}))){` +
          `var s=document.createElement("script");s.type="module";s.src=c;document.head.appendChild(s)}}}catch(e){}`;
        // Before the page's own script and stylesheet: an inline script after a stylesheet waits for it.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('index.html has no module script to put the console\'s before (vite.config.ts)');
        const reads = JSON.stringify(EARLY_READS).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
        return `${html.slice(0, at)}<script data-console="${href}" data-reads="${reads}">${script}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress(), startConsoleWhenSignedIn(), prerenderSignInPage(), inlineEntryStylesheet(), areaFactsAtBuildTime(), inlineFavicon()],
  resolve: { alias: command === 'build' ? buildAlias : alias },
  // Tells src/shims/zod-late.ts that it is what the console gets for 'zod'.
  define: command === 'build' ? { __CORNERSTONE_LATE_ZOD__: 'true' } : {},
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
      // Rolldown's report of slow plugins is for whoever profiles the build: printed when the machine is busy, it
      // came between "Building the console…" and the first admin's password on a new user's first start.
      checks: { bundlerTimings: false },
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
}));
