// Messages between the server's thread and the embedded database's worker thread (pglite-worker.ts).
import type { Results } from '@electric-sql/pglite';
import type { DbSnapshot } from './pglite-snapshot';
import type { TemplateAdds } from './pglite-template';

/**
 * `dir`: the data folder, made from a template kept in `templateCache` when it is new (pglite-template.ts); or
 * `template`: a dump (dumpDataDir) loaded into memory, as the tests' databases are.
 */
export type WorkerSetup = {
  dir?: string;
  templateCache?: string | null;
  templateAdds?: TemplateAdds | undefined;
  template?: string;
  migrationsFolder: string;
};

export type WorkerRequest =
  /** `native`: PGlite's own type parsers (Dates…), for callers other than drizzle (the job queue). */
  | { id: number; op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; native?: boolean }
  /** `all`: every statement's result (a multi-statement block), not just the last one's. */
  | { id: number; op: 'exec'; sql: string; all?: boolean }
  /** The database at this instant, for a backup (see pglite-snapshot.ts). */
  | { id: number; op: 'snapshot' }
  | { id: number; op: 'close' };

/** id 0 is the worker's "ready" (or its start-up failure). */
export type WorkerReply = {
  id: number;
  result?: Results<unknown> | Results<unknown>[] | DbSnapshot | undefined;
  error?:
    | { message: string; name: string; stack?: string | undefined; props: Record<string, unknown> }
    | undefined;
};
