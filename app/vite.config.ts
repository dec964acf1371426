// Vite (build, dev server) and Vitest configuration of the Tingshu web app.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';
import { build } from 'vite';
import { defineConfig, type Plugin } from 'vitest/config';
import pkg from './package.json' with { type: 'json' };

const backend = 'http://127.0.0.1:8080';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Writes `builds/latest.json` (the app's version and build time) into the build, and compiles the
 * same id into the app (`__APP_BUILD__`, `version@builtAt`), so a page knows which build it is.
 */
function buildInfo(): Plugin {
  const builtAt = new Date().toISOString();
  return {
    name: 'tingshu-build-info',
    apply: 'build',
    config: () => ({ define: { __APP_BUILD__: JSON.stringify(`${pkg.version}@${builtAt}`) } }),
    generateBundle() {
      const info = { version: pkg.version, builtAt };
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: `${JSON.stringify(info)}\n` });
    },
  };
}

/**
 * Builds the service worker (`src/sw/service-worker.ts`) into `sw.js` at the root of the build,
 * unhashed: its address must not change, and it controls the folder it is served from. A build of
 * its own, so it shares no chunk with the app (a worker script cannot import the app's chunks, nor
 * does it want React or the wasm); the build fails if anything but one self-contained script came
 * out. Each build gets its own version, which names the caches of the app's files it keeps, and the
 * list of its files (kept whole once something is downloaded).
 */
function serviceWorker(): Plugin {
  return {
    name: 'tingshu-service-worker',
    apply: 'build',
    // After Vite's own plugins, so the CSS and wasm files are in the bundle too.
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const buildFiles = Object.keys(bundle)
        .filter((fileName) => fileName.startsWith('assets/'))
        .map((fileName) => `/${fileName}`);
      const built = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        resolve: { alias: { '@': here('./src') } },
        define: {
          __SW_VERSION__: JSON.stringify(`${pkg.version}-${Date.now().toString(36)}`),
          __SW_BUILD_FILES__: JSON.stringify(buildFiles),
        },
        build: {
          write: false,
          target: 'es2022',
          modulePreload: false,
          rollupOptions: {
            input: here('./src/sw/service-worker.ts'),
            output: { format: 'iife', entryFileNames: 'sw.js', codeSplitting: false },
          },
        },
      });
      const files = (Array.isArray(built) ? built : [built]).flatMap((result) =>
        'output' in result ? result.output : [],
      );
      const [script, ...others] = files;
      if (!script || script.type !== 'chunk' || others.length > 0 || script.imports.length > 0) {
        this.error(
          `The service worker must build into one script, got: ${files.map((file) => file.fileName).join(', ')}`,
        );
      }
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: script.code });
    },
  };
}

/**
 * Starts fetching and compiling the `shell` wasm module from the page's head. Every page needs it
 * before its first render (the locale and route rules run in it), but the entry script would ask
 * for it only once it has been downloaded and run, and compile it only then: started by the page
 * itself, the module downloads beside the script and is compiled as it arrives (`compileStreaming`),
 * and `src/lib/core.ts` only instantiates it. A failure resolves to nothing: core.ts then loads it
 * itself. An inline script, before the stylesheet (a script after one waits for it); the server's
 * content policy allows it by its hash. The `pages` module (fetched by the pages that use it) is
 * left alone.
 */
function compileShellWasmEarly(): Plugin {
  return {
    name: 'tingshu-compile-shell-wasm-early',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const wasm = Object.keys(context.bundle ?? {}).filter((fileName) =>
          /^assets\/tingshu_wasm_bg-[\w-]+\.wasm$/.test(fileName),
        );
        if (wasm.length !== 1) throw new Error(`Expected one shell wasm module in the build, got: ${wasm.join(', ')}`);
        const script =
          `<script>self.tingshuShellWasm=WebAssembly.compileStreaming(fetch(${JSON.stringify(`/${wasm[0]}`)}))` +
          `.catch(function(){})</script>`;
        const firstResource = html.search(/<script type="module"|<link rel="stylesheet"/);
        if (firstResource < 0) throw new Error('The page has no script or stylesheet to put the wasm compile before');
        return `${html.slice(0, firstResource)}${script}\n    ${html.slice(firstResource)}`;
      },
    },
  };
}

/**
 * Puts the page's entry script before the module runtime's, which Vite writes first. The entry
 * imports the runtime anyway, so nothing runs in another order; but the browser asks for the
 * 118 KB entry before the 1 KB runtime, and over HTTP/1.1 (six connections) the entry no longer
 * waits for a connection behind it.
 */
function entryScriptFirst(): Plugin {
  return {
    name: 'tingshu-entry-script-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const runtime = html.match(
          /<script type="module" crossorigin src="\/assets\/rolldown-runtime-[\w-]+\.js"><\/script>\s*/,
        );
        if (!runtime) return html;
        const rest = html.replace(runtime[0], '');
        const entry = rest.match(/<script type="module" crossorigin src="\/assets\/shell-[\w-]+\.js"><\/script>\s*/);
        if (!entry) throw new Error('The page has a module runtime script but no shell script');
        return rest.replace(entry[0], `${entry[0]}${runtime[0]}`);
      },
    },
  };
}

/**
 * The pages whose own files the server asks for with the page shell, by the module that draws
 * each (`server/src/routes/page_files.rs`): a book's page, search, the catalogue's lists and a
 * chapter, the static pages, sign-in: the pages visits start on besides home. Their modules are not in
 * the shell (that would take the home page's first load past its budget), so they would
 * otherwise be asked for only once the shell has run.
 */
const firstPages = {
  book: '/src/features/catalog/book-detail-page.tsx',
  search: '/src/features/search/search-page.tsx',
  catalog: '/src/features/catalog/pages.ts',
  static: '/src/features/static-pages/static-pages.tsx',
  login: '/src/features/auth/login-page.tsx',
};

/**
 * Writes `builds/first-pages.json`: for each of `firstPages`, the scripts and stylesheets its
 * module needs beyond what every page shell loads ({book: {scripts: [...], styles: [...]}}).
 */
function firstPageFiles(): Plugin {
  return {
    name: 'tingshu-first-page-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** `fileName` and every chunk it imports statically. */
      const withImports = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byName.get(fileName)?.imports ?? []) withImports(imported, into);
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('The build has no entry chunk');
      const onEveryPage = withImports(entry.fileName);
      const pages = Object.fromEntries(
        Object.entries(firstPages).map(([page, source]) => {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(source));
          if (!chunk) this.error(`No chunk is drawn by ${source}`);
          const scripts = [...withImports(chunk.fileName)].filter((fileName) => !onEveryPage.has(fileName));
          const styles = new Set(
            scripts.flatMap((fileName) => [...(byName.get(fileName)?.viteMetadata?.importedCss ?? [])]),
          );
          return [page, { scripts: scripts.map((file) => `/${file}`), styles: [...styles].map((file) => `/${file}`) }];
        }),
      );
      this.emitFile({ type: 'asset', fileName: 'builds/first-pages.json', source: `${JSON.stringify(pages)}\n` });
    },
  };
}

/** The build's files worth compressing: text and wasm, from 1 KiB. */
const compressible = /^assets\/.+\.(js|css|wasm|json|svg)$/;
const compressFrom = 1024;

/**
 * Writes a brotli copy (`name.br`, highest quality) beside each compressible asset, which the server
 * sends to browsers that accept brotli: about 15 % smaller than what it would compress on the fly,
 * and no compression work per request. Written after the bundle, so the service worker's file list
 * names the assets themselves only.
 */
function brotliCopies(): Plugin {
  const compress = promisify(brotliCompress);
  return {
    name: 'tingshu-brotli-copies',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? here('./dist');
      const files = Object.values(bundle).filter((file) => compressible.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = file.type === 'chunk' ? Buffer.from(file.code) : Buffer.from(file.source);
          if (source.length < compressFrom) return;
          const compressed = await compress(source, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
              [zlib.BROTLI_PARAM_MODE]: file.fileName.endsWith('.wasm')
                ? zlib.BROTLI_MODE_GENERIC
                : zlib.BROTLI_MODE_TEXT,
            },
          });
          if (compressed.length < source.length) await writeFile(path.join(dir, `${file.fileName}.br`), compressed);
        }),
      );
    },
  };
}

/**
 * What every page needs (React, the router, i18next, the query cache, the app's shell, its
 * services and the catalogue's components): one `shell` chunk, so the first load is one
 * well-compressed file instead of twenty small ones (7 KB gzip less). The pages, the toast
 * area, the mini player and the `pages` wasm build stay in chunks of their own, fetched on use.
 */
const shellModules = [
  // Rolldown's module runtime, which every chunk imports: alone it was one more request before the shell.
  /^\0rolldown\/runtime\.js$/,
  /node_modules\/(react|react-dom|react-router|scheduler|i18next|react-i18next|@tanstack|use-sync-external-store)\//,
  /\/src\/(app|lib|config)\//,
  // The entry itself: the page's script is then the shell chunk, not a small file importing it. (So
  // the entry never awaits a page's module at its top level: that module imports this very chunk.)
  /\/src\/main\.tsx$/,
  // The service worker's registration runs on every page; alone it was one more request.
  /\/src\/sw\/register\.ts$/,
  /\/src\/components\/(catalog|localized-link|language-switcher|async-state|pagination|error-screen)\//,
  /\/src\/components\/toast\/(use-toast|toast-provider|toast-list|toast-types)\./,
  /\/src\/features\/auth\/(auth-store|auth-effects|use-auth|use-viewer|types|components)\b/,
  /\/src\/features\/player\/(index|player-context|player-controller|player-slot|offline|progress-queue)\./,
  // The home page, where most visits start: with the shell, its first render needs no second wave
  // of requests after the shell has run (about 5 KB more for the other pages' first load).
  /\/src\/features\/catalog\/(home-page|home-about|catalog-pages)\./,
];
/**
 * Modules of `src/lib` only the lazily loaded pages use (forms, the console's data and uploads, the
 * shop's data, the downloads store: the player needs only the downloads' cache layout), the
 * anti-crawler's proofs (fetched when one is needed), and the update notices and the anti-crawler's
 * detections, which start seconds after the first page (`src/app/updates/later-updates.tsx`,
 * `src/app/later-anti-crawler.tsx`), and the password field with the form field it is made of (only
 * the account pages ask for a password).
 */
const notShell =
  /\/src\/lib\/(anti-crawler\/|(core-pages|form-errors|console-api|queries\/console|uploads|transfer-api|shop-api|queries\/shop|site)\.|downloads\/(?!download-cache\.))|\/src\/app\/(updates\/(?!later-updates\.)|anti-crawler-detections\.)|\/src\/app\/layouts\/admin-layout\.|\/src\/features\/auth\/components\/password-field\./;
const inShell = (id: string) => !notShell.test(id) && shellModules.some((test) => test.test(id));
/**
 * What a book's page draws with (its buying, reviews, download and chapter rows): one chunk, which
 * the server asks for with the page shell (`firstPages`), instead of five small ones (6.8 KB
 * brotli instead of 11). The pages that share a part of it (membership, downloads, a chapter) load
 * it whole.
 */
const bookPageModules =
  /\/src\/(features\/catalog\/(book-detail-page|chapter-row|download-book-button)|components\/shop\/(buy-book-section|buy-chapter-button|use-checkout|failure-message)|components\/reviews\/(review-list|book-ratings|stars)|components\/downloads\/download-progress|lib\/(shop-api|queries\/shop)|lib\/downloads\/(downloads-api|fetch-audio|download-manager|use-downloads))\./;

export default defineConfig({
  plugins: [
    wasm(),
    react(),
    buildInfo(),
    serviceWorker(),
    compileShellWasmEarly(),
    entryScriptFirst(),
    firstPageFiles(),
    brotliCopies(),
  ],
  resolve: { alias: { '@': here('./src') } },
  // The proof-of-work solver's worker (`src/lib/anti-crawler/solver.worker.ts`) runs core's wasm
  // `pow` build: vite-plugin-wasm there too (its README, "Web Worker"), as a module worker.
  worker: { format: 'es', plugins: () => [wasm()] },
  build: {
    target: 'es2022',
    outDir: 'dist',
    // Every browser the app supports preloads modules itself; the polyfill kept the entry apart.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rollupOptions: {
      // The entry exports nothing: it may be merged into the shell chunk (one request fewer).
      preserveEntrySignatures: false,
      output: {
        // The anti-crawler's debugger detection times a `debugger` statement (spec §9): kept.
        minify: { compress: { dropDebugger: false } },
        codeSplitting: {
          groups: [
            { name: 'shell', test: inShell },
            { name: 'book-page', test: bookPageModules },
          ],
        },
      },
    },
  },
  server: {
    fs: {
      allow: [
        here('.'),
        here('../wasm/pkg'),
        here('../wasm/pkg-pages'),
        here('../wasm/pkg-pow'),
        here('../wasm/pkg-pow-scalar'),
        here('../locales'),
        here('../core/vectors'),
      ],
    },
    proxy: {
      '/api': backend,
      '/_i18n': backend,
      '/healthz': backend,
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    pool: 'threads',
    maxWorkers: 2,
    // Room for the 5 s waits of `src/testing/setup.ts` on a busy machine.
    testTimeout: 15_000,
  },
});
