/**
 * Which built files a page needs, so the server can name them in the HTML it serves (`<link rel="modulepreload">`)
 * and the browser fetches them with the entry, in one round trip, instead of after the router has started and
 * matched the route (a second wave), and after that chunk has loaded (a third).
 *
 * Build time (vite.config.ts): `routePreloadMap` turns the bundle's route chunks into `route-preload.json`.
 * Run time (the server): `filesForPath` matches a request path against it. Pure functions, no I/O.
 */

export type RoutePreloadMap = {
  /** One entry per route file: its URL pattern (`/user/packages/$id`) and the files its chunk needs. */
  routes: { file: string; pattern: string; leaf: boolean; files: string[] }[];
};

/** A route file (relative to the routes folder, `_app/user/index.tsx`) → its URL pattern (`/user`). */
export function routePattern(file: string): string {
  const parts = file
    .replace(/\.tsx?$/, '')
    .split('/')
    .flatMap((segment) => segment.split('.'))
    .filter((s) => s !== '' && !s.startsWith('_') && s !== 'index' && s !== 'route');
  return `/${parts.join('/')}`;
}

/** The layout files a route file sits in: `_app/user/index.tsx` → `_app.tsx`, `_app/user.tsx`, `_app/user/route.tsx`. */
export function parentFiles(file: string): string[] {
  const dirs = file.split('/').slice(0, -1);
  const out: string[] = [];
  for (let i = 1; i <= dirs.length; i++) {
    const dir = dirs.slice(0, i).join('/');
    out.push(`${dir}.tsx`, `${dir}/route.tsx`);
  }
  return out;
}

/** How well a pattern matches a path: null when it does not; more for static segments (they win over params). */
function score(pattern: string, path: string): number | null {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  let points = 0;
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    if (w === '$') return points; // splat: the rest
    const g = got[i];
    if (g === undefined) return null;
    if (w.startsWith('$')) points += 1;
    else if (w.toLowerCase() === decodeURIComponent(g).toLowerCase()) points += 2;
    else return null;
  }
  return want.length === got.length ? points : null;
}

/** The files a request path's page needs (its route and layouts), without duplicates; [] when nothing matches. */
export function filesForPath(map: RoutePreloadMap, path: string): string[] {
  let best: RoutePreloadMap['routes'][number] | undefined;
  let bestScore = -1;
  for (const route of map.routes) {
    if (!route.leaf) continue;
    let s: number | null = null;
    try {
      s = score(route.pattern, path);
    } catch {
      return []; // a malformed escape in the path: no hints, the page still loads
    }
    if (s !== null && s > bestScore) {
      best = route;
      bestScore = s;
    }
  }
  if (!best) return [];
  const byFile = new Map(map.routes.map((r) => [r.file, r]));
  const files = new Set<string>();
  for (const parent of parentFiles(best.file)) for (const f of byFile.get(parent)?.files ?? []) files.add(f);
  for (const f of best.files) files.add(f);
  return [...files];
}

/** What the build plugin knows of each chunk (a subset of Rollup's/Rolldown's output chunk). */
export type BuiltChunk = {
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  css: string[];
};

/**
 * From the bundle: every route's split chunk (`…/routes/<file>?tsr-split=…`), with the chunks and style sheets it
 * imports statically, minus what the entry already loads (index.html names those).
 */
export function routePreloadMap(chunks: BuiltChunk[], routesDir: string): RoutePreloadMap {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string, seen = new Set<string>()) => {
    if (seen.has(start)) return seen;
    seen.add(start);
    for (const dep of byName.get(start)?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entry = new Set<string>();
  for (const c of chunks) if (c.isEntry) for (const f of closure(c.fileName)) entry.add(f);
  const leaves = new Set<string>();
  const routes = new Map<string, Set<string>>();
  const prefix = routesDir.replace(/\\/g, '/').replace(/\/?$/, '/');
  for (const c of chunks) {
    const id = c.facadeModuleId?.replace(/\\/g, '/');
    if (!id?.includes('?tsr-split=') || !id.startsWith(prefix)) continue;
    const file = id.slice(prefix.length).replace(/\?.*$/, '');
    const files = routes.get(file) ?? new Set<string>();
    for (const name of closure(c.fileName)) {
      if (entry.has(name)) continue;
      files.add(`/${name}`);
      for (const css of byName.get(name)?.css ?? []) files.add(`/${css}`);
    }
    routes.set(file, files);
  }
  // Every route file is a leaf unless another route file sits in it (layouts are matched through parentFiles).
  const all = [...routes.keys()];
  for (const file of all) {
    const isLayout = all.some((other) => other !== file && parentFiles(other).includes(file));
    if (!isLayout) leaves.add(file);
  }
  return {
    routes: all.sort().map((file) => ({
      file,
      pattern: routePattern(file),
      leaf: leaves.has(file),
      files: [...(routes.get(file) ?? [])],
    })),
  };
}
