import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { newPglite, openDatabase } from '../db';
import { readyJobs } from '../jobs/queue';
import { seed } from '../seeds/seed';
import { TEST_SCRYPT_LOG_N } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data dir with the job queue's tables, seeded, dumped to a file, loaded fresh by every test app. */
    pgliteTemplate: string;
    /** PostgreSQL: the template database each test app clones with CREATE DATABASE ... TEMPLATE. */
    pgTemplate: string;
  }
}

/**
 * Migrating and seeding once, then cloning, keeps "a fresh database per test app" fast. With TEST_DB=postgres the
 * same suite runs on the server at TEST_DATABASE_URL.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `portal_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const tplUrl = new URL(url);
    tplUrl.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: tplUrl.toString() });
    await readyJobs(database);
    await seed(database.db, { scryptLogN: TEST_SCRYPT_LOG_N });
    await database.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      const rows = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'portal_t%'`,
      );
      for (const r of rows.rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const client = newPglite();
  const database = await openDatabase({ pglite: client });
  await readyJobs(database);
  await seed(database.db, { scryptLogN: TEST_SCRYPT_LOG_N });
  const dump = await client.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
