import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Company } from '../../contract/companies';
import { filesForPath, type RoutePreloadMap } from './route-preload';

/**
 * The PWA's index.html as the server answers a navigation: the built file, with what the first screen would
 * otherwise wait for written into it, so a cold visit paints after one round trip:
 * - `<script type="application/json" id="boot">`: the host's company (what `GET /v1/companies/me` answers) and the
 *   build id. A JSON block is data, not a script: the CSP (`script-src 'self'`) does not run it and needs no
 *   exception; `<` is escaped so no value can close the tag.
 * - `<link rel="modulepreload">` (and style sheets) for the route's chunks (route-preload.json), fetched with the
 *   entry instead of after the router has matched the route.
 * - the company's name as the title and its colour as the theme colour (the browser's bar, before any script).
 * The service worker's copy (`/index.html`, precached) is the plain file: the app falls back to what it saved.
 * The files are read again when they change on disk, so a rebuilt PWA is served without a restart.
 */
export function createPwaDocument(webDir: string) {
  const paths = {
    html: join(webDir, 'index.html'),
    build: join(webDir, 'build.json'),
    preload: join(webDir, 'route-preload.json'),
  };
  let cached: { key: string; html: string; buildId: string; preload: RoutePreloadMap } | null = null;

  const stamp = (file: string) => {
    try {
      const s = statSync(file);
      return `${s.mtimeMs}:${s.size}`;
    } catch {
      return '-';
    }
  };
  const readJson = <T>(file: string): T | null => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as T;
    } catch {
      return null; // absent (a test build) or half-written (a build in progress): serve without it
    }
  };

  function load() {
    const key = [paths.html, paths.build, paths.preload].map(stamp).join('|');
    if (cached?.key !== key) {
      const preload = readJson<RoutePreloadMap>(paths.preload);
      cached = {
        key,
        html: readFileSync(paths.html, 'utf8'),
        buildId: readJson<{ buildId?: unknown }>(paths.build)?.buildId?.toString() ?? '',
        preload: Array.isArray(preload?.routes) ? preload : { routes: [] },
      };
    }
    return cached;
  }

  return {
    /** The document for a navigation to `path` on a host whose company is `company` (null: none there). */
    render(path: string, company: Company | null): string {
      const { html, buildId, preload } = load();
      const boot = JSON.stringify({ company, buildId }).replace(/</g, '\\u003c');
      const links = filesForPath(preload, path)
        .filter((f) => /^\/[\w./-]+$/.test(f))
        .map((f) =>
          f.endsWith('.css')
            ? `<link rel="stylesheet" crossorigin href="${f}">`
            : `<link rel="modulepreload" crossorigin href="${f}">`,
        );
      let out = html;
      if (company) {
        out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(company.name)}</title>`);
        if (/^#[0-9a-f]{3,8}$/i.test(company.primary_color)) {
          out = out.replace(
            /<meta name="theme-color" content="[^"]*"\s*\/?>/,
            `<meta name="theme-color" content="${company.primary_color}" />`,
          );
        }
      }
      const head = `${links.join('')}<script type="application/json" id="boot">${boot}</script>`;
      return out.includes('</head>') ? out.replace('</head>', `${head}</head>`) : `${head}${out}`;
    },
  };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
