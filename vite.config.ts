import { readFileSync } from 'node:fs';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API = 'http://127.0.0.1:8080';

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

export default defineConfig({
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
});
