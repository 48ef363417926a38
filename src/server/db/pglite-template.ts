// A fresh embedded database starts from a copy of a template data folder instead of running PostgreSQL's initdb
// (seconds of WebAssembly): the template is made once (the first start, or while `npm start` builds the PWA), kept
// in a cache folder under a key of everything that shapes it, and copied, never linked, into each new data folder.
import { createHash, randomBytes } from 'node:crypto';
import {
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { newPglite, PGLITE_EXTENSIONS } from './pglite';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** Templates kept side by side (worktrees or branches with other migrations share one node_modules). */
const KEEP = 4;
/**
 * Unused this long, a half-written template was left by a process that died making it, and another code's template
 * is being copied by nobody.
 */
const ABANDONED_MS = 60 * 60_000;

/**
 * Where templates are kept: PGLITE_TEMPLATE_DIR, else node_modules/.cache (gone with node_modules, as a cache
 * should be). `off` turns templates off: every fresh folder runs initdb, as before.
 */
export function templateCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const set = env.PGLITE_TEMPLATE_DIR;
  if (set === 'off') return null;
  return set ? resolve(set) : join(root, 'node_modules', '.cache', 'portal-pglite');
}

/** An installed package's version (its package.json need not be exported). */
export function packageVersion(name: string): string {
  let dir = dirname(createRequire(import.meta.url).resolve(name));
  while (dir !== dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name) return pkg.version ?? '';
    }
    dir = dirname(dir);
  }
  throw new Error(`${name}: package.json not found`);
}

/**
 * What a template holds above the migrations (the job queue's tables): `module` exports `prepareTemplate(pg)`,
 * run on the migrated template; `key` names what it adds (versions…), so a change to it makes a new template.
 */
export type TemplateAdds = { key: string; module: string };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/**
 * The key of the template for this code: PGlite's version, its extensions and every migration file (names and
 * bytes, journal included). Any change makes a new key, so a template is never used by code it was not made for.
 */
export function templateKey(
  migrationsFolder: string,
  adds: string = '',
  version: string = packageVersion('@electric-sql/pglite'),
): string {
  const hash = createHash('sha256').update(`pglite ${version}\0${PGLITE_EXTENSIONS.join(',')}\0${adds}\0`);
  for (const file of filesUnder(migrationsFolder).sort()) {
    hash.update(`${file.slice(migrationsFolder.length)}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

const isDatabase = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/**
 * The template folder for `key`, made by `build` (which leaves a closed, migrated database in the folder it is
 * given) if there is none yet. It is built under a name of its own and renamed into place, so a crash leaves no
 * template at all rather than a broken one, and two processes making it at once both end with the same complete one.
 */
export async function ensureTemplate(
  cacheDir: string,
  key: string,
  build: (into: string) => Promise<void>,
): Promise<string> {
  const target = join(cacheDir, key);
  if (isDatabase(target)) {
    touch(target);
    return target;
  }
  mkdirSync(cacheDir, { recursive: true });
  const building = join(cacheDir, `${key}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await build(building);
    if (!isDatabase(building)) throw new Error(`the template build left no database in ${building}`);
    renameSync(building, target);
  } catch (err) {
    rmSync(building, { recursive: true, force: true });
    // Another process renamed its (identical) template into place first.
    if (isDatabase(target)) return target;
    throw err;
  }
  prune(cacheDir, key);
  return target;
}

/** The template for this code in `cacheDir` (a new, migrated database), made now if there is none yet. */
export function templateFor(
  cacheDir: string,
  migrationsFolder: string,
  adds?: TemplateAdds | undefined,
): Promise<string> {
  return ensureTemplate(cacheDir, templateKey(migrationsFolder, adds?.key), async (into) => {
    const pg = newPglite(into);
    try {
      await migrate(drizzle(pg), { migrationsFolder });
      if (adds) {
        const { prepareTemplate } = (await import(adds.module)) as {
          prepareTemplate: (pg: PGlite) => Promise<void>;
        };
        await prepareTemplate(pg);
      }
    } finally {
      // Closed, so the folder is a cleanly shut down database: a copy of it opens without recovery.
      await pg.close();
    }
  });
}

/** The last use, so the least recently used templates go first. */
function touch(dir: string) {
  const now = new Date();
  try {
    utimesSync(dir, now, now);
  } catch {
    // a read-only cache (an image's) still serves
  }
}

/** Drops templates of other code beyond the KEEP most recently used, and half-written ones, once long unused. */
function prune(cacheDir: string, keep: string) {
  const now = Date.now();
  const entries = readdirSync(cacheDir).map((name) => {
    const path = join(cacheDir, name);
    return { name, path, used: statSync(path).mtimeMs };
  });
  for (const e of entries) {
    if (e.name.includes('.tmp-') && now - e.used > ABANDONED_MS)
      rmSync(e.path, { recursive: true, force: true });
  }
  const others = entries
    .filter((e) => !e.name.includes('.tmp-') && e.name !== keep)
    .sort((a, b) => b.used - a.used);
  // One used within the hour may be being copied by another start right now: it stays.
  for (const e of others.slice(KEEP - 1)) {
    if (now - e.used > ABANDONED_MS) rmSync(e.path, { recursive: true, force: true });
  }
}

/**
 * Whether `dir` may be made from a template: there is nothing in it yet. A folder with anything in it is left to
 * PGlite as before (its own database, or whatever a user put there).
 */
export function isFreshDataDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Makes the data folder `dir` a copy of the template. Every file is copied (a copy-on-write clone where the file
 * system offers one), so folders made from one template never share a page with it or with each other. The copy is
 * made beside the folder and renamed into place: a crash midway leaves no half-copied database to open. The caller
 * holds the folder's lock (db/index.ts lockDataDir), so no other process copies into the same place.
 */
export function copyTemplate(template: string, dir: string): void {
  const copying = `${dir}.copying`;
  rmSync(copying, { recursive: true, force: true });
  cpSync(template, copying, { recursive: true, mode: constants.COPYFILE_FICLONE });
  if (existsSync(dir)) rmdirSync(dir); // empty (isFreshDataDir): rename needs the name free
  renameSync(copying, dir);
}
