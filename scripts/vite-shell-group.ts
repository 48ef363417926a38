import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** A relative import's file (.ts, .tsx, an index, or the named file itself: a .css module, a .po catalog). */
function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const file of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(file) && statSync(file).isFile()) return file;
  return null;
}

/**
 * The files our own static imports reach from `entries` (type-only imports and dynamic `import()` left out; libraries
 * not followed). Read from the sources with a pattern, which is all the grouping below needs: a module it misses
 * keeps the default grouping, never breaks the build.
 */
export function staticClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(
      /^(?:import|export)\s+(?!type\s)[^;]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gms,
    )) {
      const next = resolveImport(file, m[1] ?? m[2] ?? '');
      if (next) queue.push(next);
    }
  }
  return seen;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? routeFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/**
 * The signed-in shell's own modules: what the layout route (`_app.tsx`: header, menus, bell, user menu) reaches and
 * no screen outside it (the auth screens, the error pages) does. Every signed-in page loads them, so they are one
 * chunk with the layout instead of a handful of small shared ones (each a request of a cold dashboard); the auth
 * screens never load them. `everywhere`: modules every page loads besides its route (what starts after idle), whose
 * imports stay out of the shell too.
 */
export function shellModules(routesDir: string, everywhere: string[] = []): Set<string> {
  const layout = join(routesDir, '_app.tsx');
  const outside = [
    ...routeFiles(routesDir).filter((f) => f !== layout && !f.startsWith(join(routesDir, '_app', ''))),
    ...everywhere,
  ];
  const elsewhere = staticClosure(outside);
  return new Set([...staticClosure([layout])].filter((f) => !elsewhere.has(f)));
}
