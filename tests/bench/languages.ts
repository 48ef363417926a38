// Languages bench: how long a language switch takes in the built PWA, from the click on a language in the user menu
// to the screen drawn in it (the `lang` attribute changed and the next frame painted), measured in the page.
// 1. cached visit, each language used for the first time (its catalogs come from the service worker's precache);
// 2. the same switches again (catalogs already loaded);
// 3. offline, after a reload served by the worker, between languages used before.
// Prints min/median/max per case with the load average; not part of pass/fail. Run: BENCH=languages npm run bench.
// BENCH_LANG_ROUNDS (3) repeats each case.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { tr } from '../e2e/support/catalog';
import { apiLogin, applyTokens, CHROMIUM_ARGS, chromiumPath, controlled } from './browser';
import { buildPwa, root, startWithPwa, stop } from './server';

const ROUNDS = Math.max(1, Number(process.env.BENCH_LANG_ROUNDS ?? 3));
const PORT = 18771;
const outDir = join(root, 'dist/bench-languages');
const NAMES = { en: 'English', es: 'Español', fr: 'Français', ar: 'العربية' } as const;
type Lang = keyof typeof NAMES;

/** Clicks the language in the user menu; resolves with the milliseconds from the click to the painted switch. */
async function switchTo(page: Page, lang: Lang): Promise<number> {
  const now = (await page.locator('html').getAttribute('lang')) ?? 'en';
  const menu = now === 'en' ? 'User menu' : tr('web', now, 'User menu');
  await page.getByRole('button', { name: new RegExp(`^${menu}`) }).click();
  const item = page.getByRole('menuitem', { name: NAMES[lang], exact: true });
  await item.waitFor();
  await page.evaluate((want) => {
    const w = window as unknown as { __switch?: Promise<number> };
    w.__switch = new Promise<number>((done) => {
      let clicked = 0;
      document.addEventListener(
        'click',
        (e) => {
          clicked = e.timeStamp;
        },
        { capture: true, once: true },
      );
      const seen = new MutationObserver(() => {
        if (document.documentElement.lang !== want) return;
        seen.disconnect();
        requestAnimationFrame(() => setTimeout(() => done(performance.now() - clicked), 0));
      });
      seen.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    });
  }, lang);
  await item.click();
  return page.evaluate(() => (window as unknown as { __switch: Promise<number> }).__switch);
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
  return `${Math.round(s[0] ?? Number.NaN)}/${Math.round(at(0.5))}/${Math.round(s[s.length - 1] ?? Number.NaN)} ms`;
};

export async function benchLanguages() {
  console.log('\nLanguages bench: a language switch in the built PWA (click → painted), min/median/max');
  buildPwa(outDir);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-lang-'));
  const server = await startWithPwa(outDir, PORT, dataDir);
  const origin = `http://localhost:${PORT}`;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
    await applyTokens(
      context,
      await apiLogin(PORT, { email: 'customer@demo.test', password: 'demo-customer-1' }),
      origin,
    );
    const page = await context.newPage();
    await page.goto('/user');
    await controlled(page);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const order: Lang[] = ['es', 'fr', 'ar', 'en'];
    const first: number[] = [];
    for (const lang of order) first.push(await switchTo(page, lang));
    const again: number[] = [];
    for (let r = 0; r < ROUNDS; r++) for (const lang of order) again.push(await switchTo(page, lang));
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const offline: number[] = [];
    for (let r = 0; r < ROUNDS; r++) for (const lang of order) offline.push(await switchTo(page, lang));
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(`  load average ${load}; goal ≤ 300 ms on a cached visit, offline too`);
    console.log(`  first use of each language (cached visit):  ${stats(first)}  (${first.length} switches)`);
    console.log(`  switching again:                            ${stats(again)}  (${again.length} switches)`);
    console.log(
      `  offline, after a reload from the worker:    ${stats(offline)}  (${offline.length} switches)`,
    );
    // Back to English, so the demo customer's saved preference is as the seed made it.
    await context.setOffline(false);
    return { first, again, offline };
  } finally {
    await browser.close();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
