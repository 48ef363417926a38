#!/usr/bin/env node
// Translators' helper for one catalog folder (e.g. src/web/features/packages/locales):
//   node scripts/i18n-po.mjs todo <dir>          prints {"<English>": {"es": "", "fr": "", "ar": ""}} for every
//                                                message some language lacks (what it has is filled in)
//   node scripts/i18n-po.mjs fill <dir> <json>   writes those translations into <dir>/<locale>.po
// Then `npx lingui extract` rewrites the catalogs in Lingui's own layout (translations kept).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePo, stringifyPo } from 'pofile-ts';

const LANGS = ['es', 'fr', 'ar'];
const [cmd, dir, file] = process.argv.slice(2);
if (!cmd || !dir) {
  console.error('usage: i18n-po.mjs todo <dir> | fill <dir> <json>');
  process.exit(2);
}
const read = (lang) => parsePo(readFileSync(join(dir, `${lang}.po`), 'utf8'));
const key = (item) => (item.msgctxt ? `${item.msgctxt}\u0004${item.msgid}` : item.msgid);

if (cmd === 'todo') {
  const todo = {};
  const files = Object.fromEntries(LANGS.map((l) => [l, read(l)]));
  for (const item of files.es.items) {
    if (item.obsolete) continue;
    const row = Object.fromEntries(
      LANGS.map((l) => [l, files[l].items.find((i) => key(i) === key(item))?.msgstr[0] ?? '']),
    );
    if (LANGS.some((l) => !row[l])) todo[key(item)] = row;
  }
  console.log(JSON.stringify(todo, null, 2));
} else if (cmd === 'fill') {
  const given = JSON.parse(readFileSync(file, 'utf8'));
  let written = 0;
  const unknown = new Set(Object.keys(given));
  for (const lang of LANGS) {
    const po = read(lang);
    for (const item of po.items) {
      const t = given[key(item)]?.[lang];
      if (t === undefined) continue;
      unknown.delete(key(item));
      if (t) {
        item.msgstr = [t];
        written += 1;
      }
    }
    writeFileSync(join(dir, `${lang}.po`), stringifyPo(po));
  }
  console.log(`${written} translations written`);
  if (unknown.size)
    console.log(`not in the catalog (typo, or run lingui extract first):\n${[...unknown].join('\n')}`);
} else {
  console.error(`unknown command ${cmd}`);
  process.exit(2);
}
