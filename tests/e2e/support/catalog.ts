// The words a journey expects in another language, read from the catalogs the product ships (so a journey checks
// that the screen speaks the language, not that a translator chose one word over another).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePo } from 'pofile-ts';

const root = join(import.meta.dirname, '..', '..', '..');
const cache = new Map<string, Map<string, string>>();

/** The catalog of `where` ("features/auth", "web", "server", "contract") in `locale`, English → translation. */
function catalog(where: string, locale: string): Map<string, string> {
  const dir =
    where === 'web'
      ? 'src/web/locales'
      : where === 'server' || where === 'contract'
        ? `src/${where}/locales`
        : `src/web/${where}/locales`;
  const key = `${dir}/${locale}`;
  let found = cache.get(key);
  if (!found) {
    const po = parsePo(readFileSync(join(root, dir, `${locale}.po`), 'utf8'));
    found = new Map(po.items.filter((i) => i.msgstr[0]).map((i) => [i.msgid, i.msgstr[0] as string]));
    cache.set(key, found);
  }
  return found;
}

/** The translation of an English message (fails loudly when the catalog lacks it). */
export function tr(
  where: string,
  locale: string,
  english: string,
  values: Record<string, string> = {},
): string {
  const text = catalog(where, locale).get(english);
  if (!text) throw new Error(`${where} (${locale}) has no translation of ${JSON.stringify(english)}`);
  return text.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
}

/** A translation with its placeholders ({0}, {name}) as "anything": for text that carries data (a name, a count). */
export function trPattern(where: string, locale: string, english: string): RegExp {
  const text = tr(where, locale, english);
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '.+');
  return new RegExp(`^${escaped}$`);
}

/** The first catalog of `wheres` that translates `english` (a screen's own words, else the shared ones). */
export function trAny(wheres: string[], locale: string, english: string): string {
  for (const where of wheres) {
    const text = catalog(where, locale).get(english);
    if (text) return text;
  }
  throw new Error(`none of ${wheres.join(', ')} (${locale}) translates ${JSON.stringify(english)}`);
}

/** The words inside `<n>…</n>` of a translated message (a link inside a sentence). */
export function trInner(where: string, locale: string, english: string, n = 0): string {
  const inner = new RegExp(`<${n}>(.*?)</${n}>`).exec(tr(where, locale, english))?.[1];
  if (!inner) throw new Error(`no <${n}> in the ${locale} translation of ${JSON.stringify(english)}`);
  return inner;
}
