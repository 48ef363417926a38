import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Company } from '../../contract/companies';
import type { BootSession } from '../../contract/first-screen';
import { DEFAULT_LOCALE, directionOf, isLocale } from '../../contract/locales';
import { brandIconUrls } from './brand-urls';
import { filesForPath, type RoutePreloadMap } from './route-preload';

/**
 * The PWA's document (index.html) as the server answers a navigation: with the host's company and the build id
 * written into it (`<script type="application/json" id="boot">`, read by src/web/app/boot.ts), so the first screen
 * needs no round trip to learn them (a signed-in request also gets its user and first screen at the end of the
 * body: sessionBlock, pwa/document-stream.ts); with the company's colour and name in `theme-color` and `<title>`; and with
 * preload links for the files the requested route needs (route-preload.json, written by the build), so the browser
 * fetches them beside the entry instead of after the router has started.
 *
 * index.html, build.json and route-preload.json are read once and read again when their modification time changes: a rebuilt PWA is
 * served without a restart. Several requests arriving during a re-read share it.
 */

type Template = {
  /** index.html split where the boot block goes (before `</head>`), and the build id it serves. */
  html: string;
  buildId: string;
  preload: RoutePreloadMap | null;
  /** Modification times the template was read at (0 when the file is missing). */
  htmlMtime: number;
  buildMtime: number;
  preloadMtime: number;
};

/** What every value written into an attribute or text node needs: no markup can come out of it. */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * JSON safe inside `<script>`: `<` as \u003c so no value (a company name with `</script>` in it) can close the tag
 * or open a comment; U+2028/2029 escaped too, so the text stays valid if it is ever read as a script.
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A CSS colour as the admin screens store it (#rgb, #rrggbb, #rrggbbaa): anything else is left out of the page. */
const COLOR_RE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * Links for a route's files: modulepreload for its chunks (fetched and parsed, run when the router imports them),
 * preload for its style sheets (the chunk's loader still inserts them, from the cache then). Only paths the build
 * wrote (`/assets/...`): nothing from the request reaches the page.
 */
export function preloadLinks(files: string[]): string {
  return files
    .filter((f) => /^\/assets\/[\w.~-]+\.(?:js|css)$/.test(f))
    .map((f) =>
      f.endsWith('.css')
        ? `<link rel="preload" as="style" href="${f}" crossorigin />`
        : `<link rel="modulepreload" crossorigin href="${f}" />`,
    )
    .join('');
}

/** The document for one company (or none): pure, so tests can call it with any template. */
export function renderDocument(
  html: string,
  boot: { company: Company | null; buildId: string; locale?: string },
  preload: string[] = [],
): string {
  let out = html;
  if (boot.locale !== undefined) {
    // The request's language and its direction on the root element: the first paint (before any script) is already
    // laid out right to left for Arabic, and screen readers read the page in it.
    const locale = isLocale(boot.locale) ? boot.locale : DEFAULT_LOCALE;
    boot = { ...boot, locale };
    out = out.replace(/<html\b[^>]*>/i, (tag) => {
      const rest = tag
        .slice(5, -1)
        .replace(/\s(?:lang|dir)\s*=\s*("[^"]*"|'[^']*'|[^\s>]*)/gi, '')
        .trimEnd();
      return `<html${rest} lang="${locale}" dir="${directionOf(locale)}">`;
    });
  }
  const color = boot.company?.primary_color;
  if (color && COLOR_RE.test(color)) {
    const meta = `<meta name="theme-color" content="${escapeHtml(color)}" />`;
    out = /<meta\s+name="theme-color"[^>]*>/i.test(out)
      ? out.replace(/<meta\s+name="theme-color"[^>]*>/i, () => meta)
      : out.replace(/<\/head>/i, () => `${meta}</head>`);
  }
  if (boot.company) {
    // The icons of the company's logo and colour, at URLs that change with them (brand-urls.ts).
    const icons = brandIconUrls(boot.company.logo_url, boot.company.primary_color);
    out = out
      .replace(
        /(<link\s+rel="icon"[^>]*\bhref=")[^"]*(")/i,
        (_m, a: string, b: string) => `${a}${escapeHtml(icons.any_192)}${b}`,
      )
      .replace(
        /<link\s+rel="apple-touch-icon"[^>]*>/i,
        () => `<link rel="apple-touch-icon" sizes="180x180" href="${escapeHtml(icons.apple_180)}" />`,
      );
  }
  const name = boot.company?.name;
  // Function replacements throughout: `$` sequences in a value (a name with "$&") are never read as patterns.
  if (name) {
    out = out.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(name)}</title>`);
    // Screens title themselves "Packages · <name>" from this meta (web/components/PageTitle): written here, the first
    // screen's title names the company before the app has fetched anything.
    const appName = `<meta name="application-name" content="${escapeHtml(name)}" />`;
    out = /<meta\s+name="application-name"[^>]*>/i.test(out)
      ? out.replace(/<meta\s+name="application-name"[^>]*>/i, () => appName)
      : out.replace(/<\/head>/i, () => `${appName}</head>`);
  }
  const block = `${preloadLinks(preload)}<script type="application/json" id="boot">${jsonForScript(boot)}</script>`;
  return /<\/head>/i.test(out) ? out.replace(/<\/head>/i, () => `${block}</head>`) : `${block}${out}`;
}

/**
 * The signed-in session's block (pwa/boot-session.ts), written last in the body: the app's module scripts run only
 * once the document is parsed, so they find it, while the head (styles, scripts, the outline) was sent before it.
 */
export const sessionBlock = (session: BootSession) =>
  `<script type="application/json" id="boot-session">${jsonForScript(session)}</script>`;

async function mtimeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return 0;
  }
}

async function readBuildId(path: string): Promise<string> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as { buildId?: unknown };
    return typeof value.buildId === 'string' ? value.buildId : '';
  } catch {
    // No build.json (a build without the plugin, a test folder): an empty id, which the app reads as "unknown".
    return '';
  }
}

async function readPreload(path: string): Promise<RoutePreloadMap | null> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as RoutePreloadMap;
    return Array.isArray(value?.routes) ? value : null;
  } catch {
    return null; // no map (an older build): no hints, the page loads as before
  }
}

export type DocumentServer = {
  /** The document for this company and request path, or null when there is no index.html to serve. */
  render: (company: Company | null, path: string, locale?: string) => Promise<string | null>;
};

export function createDocumentServer(webDir: string): DocumentServer {
  const htmlPath = join(webDir, 'index.html');
  const buildPath = join(webDir, 'build.json');
  const preloadPath = join(webDir, 'route-preload.json');
  let current: Template | null = null;
  let loading: Promise<Template | null> | null = null;

  async function load(): Promise<Template | null> {
    const [htmlMtime, buildMtime, preloadMtime] = await Promise.all([
      mtimeOf(htmlPath),
      mtimeOf(buildPath),
      mtimeOf(preloadPath),
    ]);
    if (
      current &&
      current.htmlMtime === htmlMtime &&
      current.buildMtime === buildMtime &&
      current.preloadMtime === preloadMtime
    )
      return current;
    if (htmlMtime === 0) return null;
    let html: string;
    try {
      html = await readFile(htmlPath, 'utf8');
    } catch {
      return null; // removed between the stat and the read (a rebuild in progress)
    }
    const [buildId, preload] = await Promise.all([readBuildId(buildPath), readPreload(preloadPath)]);
    current = { html, buildId, preload, htmlMtime, buildMtime, preloadMtime };
    return current;
  }

  return {
    async render(company, path, locale) {
      loading ??= load().finally(() => {
        loading = null;
      });
      const template = await loading;
      if (!template) return null;
      const files = template.preload ? filesForPath(template.preload, path) : [];
      const boot = { company, buildId: template.buildId, ...(locale ? { locale } : {}) };
      return renderDocument(template.html, boot, files);
    },
  };
}
