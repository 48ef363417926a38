import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Company } from '../../contract/companies';

/**
 * The PWA's document (index.html) as the server answers a navigation: with the host's company and the build id
 * written into it (`<script type="application/json" id="boot">`, read by src/web/app/boot.ts), so the first screen
 * needs no round trip to learn them; and with the company's colour and name in `theme-color` and `<title>`.
 *
 * index.html and build.json are read once and read again when their modification time changes: a rebuilt PWA is
 * served without a restart. Several requests arriving during a re-read share it.
 */

type Template = {
  /** index.html split where the boot block goes (before `</head>`), and the build id it serves. */
  html: string;
  buildId: string;
  /** Modification times the template was read at (0 when the file is missing). */
  htmlMtime: number;
  buildMtime: number;
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

/** The document for one company (or none): pure, so tests can call it with any template. */
export function renderDocument(html: string, boot: { company: Company | null; buildId: string }): string {
  let out = html;
  const color = boot.company?.primary_color;
  if (color && COLOR_RE.test(color)) {
    const meta = `<meta name="theme-color" content="${escapeHtml(color)}" />`;
    out = /<meta\s+name="theme-color"[^>]*>/i.test(out)
      ? out.replace(/<meta\s+name="theme-color"[^>]*>/i, () => meta)
      : out.replace(/<\/head>/i, () => `${meta}</head>`);
  }
  const name = boot.company?.name;
  // Function replacements throughout: `$` sequences in a value (a name with "$&") are never read as patterns.
  if (name) out = out.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(name)}</title>`);
  const block = `<script type="application/json" id="boot">${jsonForScript(boot)}</script>`;
  return /<\/head>/i.test(out) ? out.replace(/<\/head>/i, () => `${block}</head>`) : `${block}${out}`;
}

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

export type DocumentServer = {
  /** The document for this company, or null when there is no index.html to serve. */
  render: (company: Company | null) => Promise<string | null>;
};

export function createDocumentServer(webDir: string): DocumentServer {
  const htmlPath = join(webDir, 'index.html');
  const buildPath = join(webDir, 'build.json');
  let current: Template | null = null;
  let loading: Promise<Template | null> | null = null;

  async function load(): Promise<Template | null> {
    const [htmlMtime, buildMtime] = await Promise.all([mtimeOf(htmlPath), mtimeOf(buildPath)]);
    if (current && current.htmlMtime === htmlMtime && current.buildMtime === buildMtime) return current;
    if (htmlMtime === 0) return null;
    let html: string;
    try {
      html = await readFile(htmlPath, 'utf8');
    } catch {
      return null; // removed between the stat and the read (a rebuild in progress)
    }
    current = { html, buildId: await readBuildId(buildPath), htmlMtime, buildMtime };
    return current;
  }

  return {
    async render(company) {
      loading ??= load().finally(() => {
        loading = null;
      });
      const template = await loading;
      return template ? renderDocument(template.html, { company, buildId: template.buildId }) : null;
    },
  };
}
