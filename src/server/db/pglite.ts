import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const extensions = { pg_trgm };
/** Part of a data-folder template's key (pglite-template.ts): a folder is made with these loaded. */
export const PGLITE_EXTENSIONS = Object.keys(extensions);

/** An embedded PostgreSQL with the extensions the migrations use (pg_trgm for substring search). */
export function newPglite(dataDir?: string, options: PGliteOptions = {}): PGlite {
  return new PGlite({ ...options, ...(dataDir ? { dataDir } : {}), extensions });
}
