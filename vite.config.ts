import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API = 'http://127.0.0.1:8080';

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
        routesDirectory: './src/web/routes',
        generatedRouteTree: './src/web/routeTree.gen.ts',
        quoteStyle: 'single',
        semicolons: true,
      }),
      react(),
      webManifest(),
      buildInfo(),
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
        },
      }),
    ],
    build: {
      outDir: 'dist/web',
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: 700,
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
