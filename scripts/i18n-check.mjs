#!/usr/bin/env node
// `npm test`'s language check. Fails when:
//  1. a catalog is out of sync with the code (a message missing from it, or one the code no longer uses):
//     `lingui check sync` (fix: `npx lingui extract --clean`);
//  2. a message has no translation in some language: `lingui check missing`;
//  3. a file of a web feature uses Lingui's macros without importing its feature's `i18n.ts` (its words would not
//     be loaded: the screen would show message ids);
//  4. user-facing English is written straight into the PWA's JSX: text between tags, or a string given to a prop
//     people read (label, placeholder, title, aria-label, description…) or to a toast/page title. A line may opt out
//     with `// i18n-ignore` (a brand name, a sample value) on it or the line above.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@babel/parser';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const lingui = join(root, 'node_modules', '.bin', 'lingui');
let failed = false;

for (const check of ['sync', 'missing']) {
  const r = spawnSync(lingui, ['check', check, '--verbose'], { cwd: root, encoding: 'utf8' });
  const out = `${r.stdout}${r.stderr}`.trim();
  console.log(out.split('\n').slice(0, 40).join('\n'));
  if (r.status !== 0) failed = true;
}

function files(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else if (/\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const web = join(root, 'src', 'web');
const sources = files(web).filter(
  (f) => !f.endsWith('routeTree.gen.ts') && !f.includes(`${join(web, 'test')}/`),
);
const MACRO = /from '@lingui\/(react|core)\/macro'/;

// 3. Every feature file with a macro loads its feature's catalog.
const unregistered = [];
for (const file of sources) {
  const rel = relative(join(web, 'features'), file);
  if (rel.startsWith('..')) continue;
  const text = readFileSync(file, 'utf8');
  if (!MACRO.test(text)) continue;
  const depth = rel.split('/').length - 2; // features/<f>/x.tsx → 0, features/<f>/components/x.tsx → 1
  const own = depth === 0 ? './i18n' : `${'../'.repeat(depth)}i18n`;
  if (!text.includes(`import '${own}';`))
    unregistered.push(`${relative(root, file)}: import '${own}'; is missing`);
}
if (unregistered.length) {
  failed = true;
  console.log(`\n${unregistered.length} feature file(s) use Lingui without their feature's catalog:`);
  for (const u of unregistered) console.log(`  ${u}`);
}

// 4. Hard-coded words in JSX.
const READ_PROPS = new Set([
  'label',
  'placeholder',
  'title',
  'aria-label',
  'alt',
  'description',
  'error',
  'message',
  'hint',
  'tooltip',
  'confirmLabel',
  'cancelLabel',
  'submitLabel',
  'emptyText',
  'heading',
  'errorTitle',
  'nothingFoundMessage',
  'aria-description',
  'caption',
  'subtitle',
  'text',
  'help',
  'loadingText',
  'empty',
]);
const CALLS = new Set(['usePageTitle', 'setAnnouncement', 'announce']);
// Words, not a URL or a sample address.
const WORDS = {
  test: (text) => /[A-Za-z]{2,}/.test(text) && !/^(https?:\/\/|mailto:)\S*$/.test(text.trim()),
};
const MACRO_TAGS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);
const MACRO_CALLS = new Set(['msg', 'defineMessage', 't', 'plural', 'select', 'selectOrdinal']);
const found = [];
const literalOf = (node) =>
  node?.type === 'StringLiteral'
    ? node.value
    : node?.type === 'TemplateLiteral' && node.expressions.length === 0
      ? node.quasis[0].value.cooked
      : null;
for (const file of sources.filter((f) => f.endsWith('.tsx'))) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const ast = parse(text, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const report = (node, what) => {
    const line = node.loc.start.line; // 1-based
    if (/i18n-ignore/.test(lines[line - 1] ?? '') || /i18n-ignore/.test(lines[line - 2] ?? '')) return;
    found.push(`${relative(root, file)}:${line}: ${what}`);
  };
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    // The text inside Lingui's JSX macros is the message itself.
    if (node.type === 'JSXElement' && MACRO_TAGS.has(node.openingElement.name.name)) return;
    if (
      node.type === 'CallExpression' &&
      node.callee.type === 'Identifier' &&
      MACRO_CALLS.has(node.callee.name)
    )
      return;
    if (node.type === 'JSXText') {
      const words = node.value.trim();
      if (WORDS.test(words)) report(node, JSON.stringify(words.slice(0, 60)));
    } else if (node.type === 'JSXAttribute' && node.value) {
      const name =
        node.name.type === 'JSXNamespacedName'
          ? `${node.name.namespace.name}:${node.name.name.name}`
          : node.name.name;
      const value =
        node.value.type === 'JSXExpressionContainer'
          ? literalOf(node.value.expression)
          : literalOf(node.value);
      if (READ_PROPS.has(name) && value && WORDS.test(value))
        report(node, `${name}=${JSON.stringify(value.slice(0, 60))}`);
    } else if (
      node.type === 'CallExpression' &&
      node.callee.type === 'Identifier' &&
      CALLS.has(node.callee.name)
    ) {
      const value = literalOf(node.arguments[0]);
      if (value && WORDS.test(value))
        report(node, `${node.callee.name}(${JSON.stringify(value.slice(0, 60))})`);
    } else if (
      node.type === 'ObjectProperty' &&
      node.key.type === 'Identifier' &&
      ['title', 'message', 'label', 'description'].includes(node.key.name)
    ) {
      const value = literalOf(node.value);
      if (value && WORDS.test(value) && /\s/.test(value))
        report(node, `${node.key.name}: ${JSON.stringify(value.slice(0, 60))}`);
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
      if (Array.isArray(child)) for (const c of child) visit(c);
      else if (child && typeof child === 'object') visit(child);
    }
  };
  visit(ast.program);
}
if (found.length) {
  failed = true;
  console.log(
    `\n${found.length} hard-coded user-facing string(s) in the PWA (wrap them in Lingui's macros):`,
  );
  for (const f of found.slice(0, 200)) console.log(`  ${f}`);
  if (found.length > 200) console.log(`  … and ${found.length - 200} more`);
} else console.log('\n0 hard-coded user-facing strings found in the PWA');

process.exit(failed ? 1 : 0);
