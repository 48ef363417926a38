import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|webmanifest|txt|xml|map|wasm)$/i;
/** Under this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible built file over
 * 1 KiB, once the bundle is written (the service worker included, so it runs after vite-plugin-pwa). The server
 * sends them as they are (@fastify/static `preCompressed`): the highest levels cost seconds once at build time
 * instead of CPU on every request. The service worker's precache globs match no `.br`/`.gz` name.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const jobs: Promise<void>[] = [];
        for await (const path of files(outDir)) {
          if (!COMPRESSIBLE.test(path) || (await stat(path)).size <= MIN_BYTES) continue;
          // zlib's async calls run on libuv's thread pool: the files compress in parallel.
          jobs.push(
            readFile(path).then(async (bytes) => {
              const [br, gzipped] = await Promise.all([
                brotli(bytes, {
                  params: {
                    [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                    [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                  },
                }),
                gz(bytes, { level: zlib.Z_BEST_COMPRESSION }),
              ]);
              await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
            }),
          );
        }
        await Promise.all(jobs);
      },
    },
  };
}
