import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_TEMPLATE } from '../jobs/template';
import { migrationsFolder, openDatabase } from './index';
import { copyTemplate, ensureTemplate, isFreshDataDir, templateFor, templateKey } from './pglite-template';

const rowsOf = async (q: Promise<unknown>) => ((await q) as { rows: Record<string, unknown>[] }).rows;

/** A new embedded database starts as a copy of a template made once per code version (pglite-template.ts). */
describe('the embedded database template', () => {
  let scratch: string;
  const folder = (name: string) => join(scratch, name);

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'portal-template-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('gets a new key when a migration, PGlite or what is added above the migrations changes', () => {
    const migrations = folder('migrations');
    cpSync(migrationsFolder, migrations, { recursive: true });
    const key = templateKey(migrations, 'jobs 1', '0.5.16');
    expect(templateKey(migrations, 'jobs 1', '0.5.16')).toBe(key);
    expect(templateKey(migrations, 'jobs 1', '0.5.17')).not.toBe(key);
    expect(templateKey(migrations, 'jobs 2', '0.5.16')).not.toBe(key);
    const first = readdirSync(migrations).find((f) => f.endsWith('.sql')) ?? '';
    writeFileSync(join(migrations, first), `${readFileSync(join(migrations, first), 'utf8')}\n-- changed\n`);
    const changed = templateKey(migrations, 'jobs 1', '0.5.16');
    expect(changed).not.toBe(key);
    writeFileSync(join(migrations, '9999_next.sql'), 'SELECT 1;');
    expect(templateKey(migrations, 'jobs 1', '0.5.16')).not.toBe(changed);
  });

  it('leaves no template when making it fails midway, and makes it whole on the next try', async () => {
    const cache = folder('cache-crash');
    const failing = ensureTemplate(cache, 'k1', async (into) => {
      mkdirSync(into, { recursive: true });
      writeFileSync(join(into, 'PG_VERSION'), '17');
      throw new Error('killed while writing');
    });
    await expect(failing).rejects.toThrow('killed while writing');
    expect(readdirSync(cache)).toEqual([]); // neither a template nor a half-written one
    const made = await ensureTemplate(cache, 'k1', async (into) => {
      mkdirSync(into, { recursive: true });
      writeFileSync(join(into, 'PG_VERSION'), '17');
    });
    expect(made).toBe(join(cache, 'k1'));
    expect(readdirSync(cache)).toEqual(['k1']);
    // Made once: later calls use it as it is.
    const again = await ensureTemplate(cache, 'k1', () => Promise.reject(new Error('must not rebuild')));
    expect(again).toBe(made);
  });

  it('two processes making the same template at once end with one complete template', async () => {
    const cache = folder('cache-race');
    const build = (mark: string) => async (into: string) => {
      mkdirSync(into, { recursive: true });
      await new Promise((r) => setTimeout(r, 20));
      writeFileSync(join(into, 'PG_VERSION'), mark);
    };
    const [a, b] = await Promise.all([
      ensureTemplate(cache, 'k', build('a')),
      ensureTemplate(cache, 'k', build('b')),
    ]);
    expect(a).toBe(b);
    expect(readdirSync(cache)).toEqual(['k']);
    expect(['a', 'b']).toContain(readFileSync(join(cache, 'k', 'PG_VERSION'), 'utf8'));
  });

  it('keeps the templates of other code used lately, and drops the rest once long unused', async () => {
    const cache = folder('cache-prune');
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const make = (name: string, used: Date) => {
      mkdirSync(join(cache, name), { recursive: true });
      writeFileSync(join(cache, name, 'PG_VERSION'), '17');
      utimesSync(join(cache, name), used, used);
    };
    for (const h of [2, 3, 4, 5, 6]) make(`old${h}`, hoursAgo(h));
    make('recent', new Date());
    make('dead.tmp-1-aa', hoursAgo(2)); // a crashed build
    make('live.tmp-2-bb', new Date()); // a build under way
    await ensureTemplate(cache, 'new', async (into) => {
      mkdirSync(into, { recursive: true });
      writeFileSync(join(into, 'PG_VERSION'), '17');
    });
    expect(readdirSync(cache).sort()).toEqual(['live.tmp-2-bb', 'new', 'old2', 'old3', 'recent']);
  });

  it('copies into a new folder only, and a copy cut short is redone', () => {
    const template = folder('tpl-files');
    mkdirSync(join(template, 'base'), { recursive: true });
    writeFileSync(join(template, 'PG_VERSION'), '17');
    writeFileSync(join(template, 'base', 'page'), 'data');
    const dir = folder('data-a/pgdata');
    mkdirSync(`${dir}.copying`, { recursive: true }); // left by a start killed while copying
    writeFileSync(join(`${dir}.copying`, 'junk'), 'x');
    mkdirSync(dir, { recursive: true }); // openDatabase makes the (empty) folder before it locks it
    expect(isFreshDataDir(dir)).toBe(true);
    copyTemplate(template, dir);
    expect(readFileSync(join(dir, 'base', 'page'), 'utf8')).toBe('data');
    expect(existsSync(join(dir, 'junk'))).toBe(false);
    expect(existsSync(`${dir}.copying`)).toBe(false);
    // A copy, not a link: writing the folder leaves the template as it was.
    writeFileSync(join(dir, 'base', 'page'), 'changed');
    expect(readFileSync(join(template, 'base', 'page'), 'utf8')).toBe('data');
    expect(isFreshDataDir(dir)).toBe(false);
  });

  it('a new data folder opens migrated with the job queue, and folders from one template stay apart', async () => {
    const cache = folder('cache-real');
    const open = (name: string) =>
      openDatabase({ dataDir: folder(name), templateCache: cache, templateAdds: JOBS_TEMPLATE });
    const first = await open('real-a');
    try {
      const [made] = await rowsOf(
        first.db.execute(
          sql`SELECT to_regclass('public.companies') IS NOT NULL AS companies, to_regclass('pgboss.version') IS NOT NULL AS jobs, (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations, (SELECT count(*)::int FROM pgboss.queue) AS queues`,
        ),
      );
      const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      expect(made).toEqual({ companies: true, jobs: true, migrations: journal.entries.length, queues: 6 });
      await first.db.execute(
        sql`INSERT INTO companies (slug, name, short_name, mailbox_prefix, warehouse_address) VALUES ('only-a', 'A', 'A', 'AAA', '{}')`,
      );
    } finally {
      await first.close();
    }
    expect(readdirSync(cache)).toHaveLength(1);
    const second = await open('real-b');
    try {
      const rows = await rowsOf(second.db.execute(sql`SELECT count(*)::int AS n FROM companies`));
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await second.close();
    }
    // The first folder kept its own row across a restart.
    const again = await open('real-a');
    try {
      const rows = await rowsOf(again.db.execute(sql`SELECT slug FROM companies`));
      expect(rows).toEqual([{ slug: 'only-a' }]);
    } finally {
      await again.close();
    }
  }, 180_000);

  it('templateFor answers the same folder once made', async () => {
    const cache = folder('cache-real');
    const path = await templateFor(cache, migrationsFolder, JOBS_TEMPLATE);
    expect(readdirSync(cache)).toEqual([path.split('/').pop()]);
  }, 60_000);
});
