// What the embedded database's template (db/pglite-template.ts) holds above the migrations: the job queue's schema
// and queues, so a fresh start neither creates them nor waits for PGlite to compile the code that does.
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db } from '../db';
import { packageVersion, type TemplateAdds } from '../db/pglite-template';
import { installJobs, QUEUE_NAMES } from './queue';

export const JOBS_TEMPLATE: TemplateAdds = {
  key: `pg-boss ${packageVersion('pg-boss')} queues ${QUEUE_NAMES.join(',')}`,
  module: fileURLToPath(import.meta.url),
};

/** Runs in the database's thread on a new, migrated template (pglite-template.ts templateFor). */
export async function prepareTemplate(pg: PGlite): Promise<void> {
  await installJobs(drizzle(pg) as unknown as Db);
}
