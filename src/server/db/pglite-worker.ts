// The embedded database's own thread: PGlite (WebAssembly) runs here so that its query execution never blocks the
// server's event loop. The main thread talks to it through `PgliteWorkerClient` (pglite-client.ts).
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { type PGlite, types } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { newPglite } from './pglite';
import type { WorkerReply, WorkerRequest, WorkerSetup } from './pglite-protocol';
import { snapshotPglite } from './pglite-snapshot';
import { copyTemplate, isFreshDataDir, templateFor } from './pglite-template';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread');
const port = parentPort;
const setup = workerData as WorkerSetup;

// drizzle's PGlite driver asks for timestamps, dates, intervals and some arrays as text (it parses them itself).
// Parsers are functions and cannot cross threads, so the worker applies the same ones for every drizzle query.
const identity = (value: string) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [
    t,
    identity,
  ]),
);

/** An error as plain data: DatabaseError's fields (code, constraint, detail…) survive the trip for the app's checks. */
function serialiseError(err: unknown): WorkerReply['error'] {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', props: {} };
  const props: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(err)) {
    if (v === undefined || typeof v === 'function') continue;
    props[k] = typeof v === 'object' && v !== null ? String(v) : v;
  }
  return { message: err.message, name: err.name, stack: err.stack, props };
}

/** The data folder's database; a new folder starts as a copy of the template instead of running initdb. */
async function openFolder(dir: string): Promise<PGlite> {
  if (setup.templateCache && isFreshDataDir(dir)) {
    try {
      copyTemplate(await templateFor(setup.templateCache, setup.migrationsFolder, setup.templateAdds), dir);
    } catch (err) {
      // A cache that cannot be written (a read-only install) costs only time: the folder is made in place.
      process.stderr.write(
        `database: no template for the new data folder (${err instanceof Error ? err.message : String(err)}): creating it in place\n`,
      );
    }
  }
  return newPglite(dir);
}

async function main() {
  const pg = setup.template
    ? newPglite(undefined, { loadDataDir: new Blob([readFileSync(setup.template)]) })
    : setup.dir
      ? await openFolder(setup.dir)
      : newPglite();
  // Migrations run here, next to the database: no round trip per statement.
  await migrate(drizzle(pg), { migrationsFolder: setup.migrationsFolder });

  // One request at a time, in arrival order: the main thread relies on that order to keep a transaction's
  // statements together (it holds back other statements while one is open).
  let chain: Promise<void> = Promise.resolve();
  port.on('message', (req: WorkerRequest) => {
    chain = chain.then(async () => {
      try {
        if (req.op === 'query') {
          const result = await pg.query(req.sql, req.params, {
            rowMode: req.rowMode,
            ...(req.native ? {} : { parsers }),
          });
          port.postMessage({ id: req.id, result } satisfies WorkerReply);
        } else if (req.op === 'exec') {
          const results = await pg.exec(req.sql);
          port.postMessage({ id: req.id, result: req.all ? results : results.at(-1) } satisfies WorkerReply);
        } else if (req.op === 'snapshot') {
          const snapshot = await snapshotPglite(pg);
          // The dump is handed over, not copied: it is the size of the whole database.
          port.postMessage({ id: req.id, result: snapshot } satisfies WorkerReply, [snapshot.tar.buffer]);
        } else {
          await pg.close();
          port.postMessage({ id: req.id } satisfies WorkerReply);
          port.close();
        }
      } catch (err) {
        port.postMessage({ id: req.id, error: serialiseError(err) } satisfies WorkerReply);
      }
    });
  });
  port.postMessage({ id: 0 } satisfies WorkerReply);
}

main().catch((err: unknown) => {
  port.postMessage({ id: 0, error: serialiseError(err) } satisfies WorkerReply);
});
