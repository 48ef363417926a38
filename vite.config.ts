import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { linguiMacros } from './scripts/vite-lingui-macros';
import { shellModules, staticClosure } from './scripts/vite-shell-group';
import { precompress } from './src/server/pwa/precompress';
import { routePreloadMap } from './src/server/pwa/route-preload';

const API = 'http://127.0.0.1:8080';
const UNSPLIT_ROUTES = new Set(['/_blank', '/_blank/login']);
const LIB = /[\\/]node_modules[\\/]/;
/** What every page starts once idle (app/after-idle.ts) and the signed-in shell's own modules: a chunk each. */
const AFTER_IDLE_ENTRY = fileURLToPath(new URL('./src/web/app/after-idle.ts', import.meta.url));
const AFTER_IDLE = staticClosure([AFTER_IDLE_ENTRY]);
const SHELL = shellModules(fileURLToPath(new URL('./src/web/routes', import.meta.url)), [AFTER_IDLE_ENTRY]);
const withoutQuery = (id: string) => id.replace(/\?.*$/, '');
/**
 * Libraries only a few screens load (the scanner, CSV, dates, drop zone, spotlight, the number input's formatter):
 * kept in their own chunks.
 */
const LAZY_LIB =
  /zxing|barcode|papaparse|dayjs|react-number-format|@mantine[\\/](dates|dropzone|spotlight)|[\\/]zod[\\/]/;
const uiLib = (id: string) => LIB.test(id) && !LAZY_LIB.test(id);
/**
 * zod, and the contract's modules that need it to run: those that build schemas with it, and those that import such
 * a module (not a type only). Kept together: a zod-free module grouped apart from a schema module it imports made
 * rolldown merge the two groups (and zod) into one chunk, which the dashboard then loaded for a date helper.
 */
const CONTRACT = /[\\/]src[\\/]contract[\\/][^/\\]+\.ts$/;
const schemaModules = new Map<string, boolean>();
function isSchemaModule(id: string): boolean {
  if (/[\\/]node_modules[\\/]zod[\\/]/.test(id)) return true;
  if (!CONTRACT.test(id)) return false;
  let known = schemaModules.get(id);
  if (known === undefined) {
    schemaModules.set(id, false); // an import cycle reads as zod-free until its other modules say otherwise
    const source = readFileSync(id, 'utf8');
    const imports = [...source.matchAll(/^import (?!type )[^;]*from '([^']+)'/gm)].map((m) => m[1] ?? '');
    known =
      imports.includes('zod') ||
      imports.some((spec) => {
        const file = join(dirname(id), `${spec}.ts`);
        return spec.startsWith('./') && existsSync(file) && isSchemaModule(file);
      });
    schemaModules.set(id, known);
  }
  return known;
}

/**
 * One id per build (time + random, so two builds never share it; BUILD_ID overrides it for reproducible builds).
 * The app and the service worker get it through `define`; `build.json` publishes it for the update check.
 */
const BUILD_ID = process.env.BUILD_ID || `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
const BUILT_AT = new Date().toISOString();

/** The manifest lives at the top level (not in public/): copy it into the build as-is. */
function webManifest(): Plugin {
  return {
    name: 'web-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: readFileSync(new URL('./manifest.webmanifest', import.meta.url)),
      });
    },
  };
}

/**
 * Latest-build metadata: `build.json` (polled by the app with a timestamp query) and `builds/<id>.json` (the
 * metadata of one build). Neither is precached: the service worker fetches `build.json` network-first.
 */
function buildInfo(): Plugin {
  return {
    name: 'build-info',
    apply: 'build',
    generateBundle() {
      const source = `${JSON.stringify({ buildId: BUILD_ID, builtAt: BUILT_AT })}\n`;
      this.emitFile({ type: 'asset', fileName: 'build.json', source });
      this.emitFile({ type: 'asset', fileName: `builds/${BUILD_ID}.json`, source });
    },
  };
}

/**
 * `route-preload.json`: the files each route's chunk needs beyond the entry. The server names them in the HTML it
 * serves for that path (modulepreload), so a cold visit fetches them with the entry (src/server/pwa/route-preload.ts).
 */
function routePreload(): Plugin {
  return {
    name: 'route-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) =>
        c.type === 'chunk'
          ? [
              {
                fileName: c.fileName,
                facadeModuleId: c.facadeModuleId,
                isEntry: c.isEntry,
                imports: c.imports,
                css: [...(c.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
      const routesDir = fileURLToPath(new URL('./src/web/routes', import.meta.url));
      this.emitFile({
        type: 'asset',
        fileName: 'route-preload.json',
        source: `${JSON.stringify(routePreloadMap(chunks, routesDir))}\n`,
      });
    },
  };
}

export default defineConfig(({ command }) => {
  // `vite build` is a production build. A build spawned from vitest (the e2e global setup) inherits NODE_ENV=test,
  // which would make a development build (React dev, import.meta.env.PROD false, so no service worker).
  if (command === 'build' && process.env.NODE_ENV === 'test') process.env.NODE_ENV = 'production';
  return {
    define: {
      'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID),
      'import.meta.env.VITE_BUILT_AT': JSON.stringify(BUILT_AT),
    },
    plugins: [
      // The router plugin must run before react(): it generates the route tree and splits route files.
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // The login screen is where a logged-out visitor lands: in the entry, it paints without a second wave of
        // chunks (its few components join the vendor file). Every other screen is split as usual.
        codeSplittingOptions: {
          splitBehavior: ({ routeId }) => (UNSPLIT_ROUTES.has(routeId) ? [] : undefined),
        },
        routesDirectory: './src/web/routes',
        generatedRouteTree: './src/web/routeTree.gen.ts',
        quoteStyle: 'single',
        semicolons: true,
      }),
      // Lingui's macros compiled (scripts/vite-lingui-macros.ts), and each `locales/<locale>.po` when imported.
      linguiMacros(),
      lingui(),
      react(),
      webManifest(),
      buildInfo(),
      routePreload(),
      // The service worker (src/web/sw.ts): precache + navigation fallback. The manifest and its icons are served
      // per host by the server, so the plugin neither generates nor injects one.
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/web',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        manifest: false,
        includeManifestIcons: false,
        devOptions: { enabled: false },
        injectManifest: {
          // Every built file the shell needs, every route chunk included; build.json stays out (network-first).
          globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
          globIgnores: ['sw.js', 'build.json', 'builds/**'],
          // A classic worker: module service workers are not supported by every browser we serve.
          rollupFormat: 'iife',
          // The modules the worker shares with the app (the API client, the outbox) use Lingui's macros.
          plugins: [linguiMacros({ keepMessages: true })],
        },
      }),
      // `.br` and `.gz` beside each built file, served as they are (last: the service worker is written by then).
      precompress(),
    ],
    build: {
      outDir: 'dist/web',
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: 700,
      rolldownOptions: {
        // The contract's modules only declare (schemas, constants, call names), but for the envelope's zod
        // settings. Said so, a chunk loads another only for what it uses, not to keep the contract's order of
        // evaluation (which had the dashboard load every schema and zod, behind a money formatter merged with a badge).
        treeshake: { moduleSideEffects: (id: string) => !CONTRACT.test(id) || /[\\/]envelope\.ts$/.test(id) },
        output: {
          // The shared groups' chunks are named after every page that uses them: a short name is enough.
          chunkFileNames: (chunk) =>
            chunk.name.startsWith('shared~') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
          // Few, larger chunks (rolldown's automatic splitting made 220, 125 of them under 1 KiB compressed: each
          // one a request with its own headers and round trip on a phone). Groups, first match wins by priority:
          codeSplitting: {
            groups: [
              // What the first paint needs from libraries (React, the router, Query, the Mantine provider): one file.
              { name: 'vendor', test: LIB, tags: ['$initial'], priority: 30 },
              // Our own modules the first paint needs (the API client, the session, the router's tree): apart from
              // the libraries, which change less often, and never mixed into a group a page loads for one module.
              { name: 'app', test: (id: string) => !LIB.test(id), tags: ['$initial'], priority: 29 },
              // The contract's zod-free half (call declarations, constants, route names): captured before the schema
              // group, which would otherwise take them along as its modules' dependencies, and zod with them.
              {
                name: 'contract',
                test: (id: string) => CONTRACT.test(id) && !isSchemaModule(id),
                priority: 26,
              },
              // The schemas and their library, used by every form and by no page that only reads: one file.
              { name: 'schemas', test: isSchemaModule, priority: 25 },
              // Every icon the app draws (each is a few hundred bytes): one file.
              { name: 'icons', test: /[\\/]node_modules[\\/]@tabler[\\/]/, priority: 22 },
              // Library modules most pages use (Mantine's inputs and overlays, floating UI, the form hook), then
              // those several pages use; what one or two pages use stays with them.
              { name: 'ui-common', test: uiLib, minShareCount: 15, priority: 20 },
              { name: 'ui', test: uiLib, minShareCount: 4, priority: 19 },
              // What every page starts once idle (the outbox, the service worker, push), then the signed-in shell's
              // own modules (scripts/vite-shell-group.ts) with the layout: a chunk each instead of a handful of small
              // shared ones. The first group comes first: a group takes the modules its modules import, and the
              // shell's user menu imports the outbox, which the auth screens load after idle without the shell.
              { name: 'after-idle', test: (id: string) => AFTER_IDLE.has(withoutQuery(id)), priority: 12 },
              { name: 'shell', test: (id: string) => SHELL.has(withoutQuery(id)), priority: 11 },
              // Our own modules several pages share (API calls, formatters, shared components), grouped by the set
              // of pages that use them (small sets merged), so a page never loads another's components with them:
              // one chunk of them all made the outbox, started after the login screen, fetch every UI library.
              {
                name: 'shared',
                test: (id: string) => !LIB.test(id),
                minShareCount: 4,
                priority: 10,
                entriesAware: true,
                entriesAwareMergeThreshold: 12_000,
              },
            ],
          },
        },
      },
    },
    server: {
      proxy: {
        '/v1': { target: API, changeOrigin: false },
        '/api': { target: API, changeOrigin: false },
        '/dev': { target: API, changeOrigin: false },
        '/docs': { target: API, changeOrigin: false },
      },
    },
    preview: {
      proxy: {
        '/v1': { target: API, changeOrigin: false },
        '/api': { target: API, changeOrigin: false },
        '/dev': { target: API, changeOrigin: false },
      },
    },
  };
});
