// What every screen is checked for: axe (no serious or critical violation, once the page is still), no sideways
// scrolling, and screenshots taken from the top of the page for people to look at.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser';
import { until } from './helpers';

/** True when the page does not scroll sideways at its viewport width. */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; width: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
}

/**
 * Waits until the page is still: no running CSS animation or transition, and every open dialog, menu, popover or
 * tooltip fully opaque (Mantine's transitions step their styles from timers, so "no animation" alone can be seen
 * between two steps of a fade, and axe then measures the contrast of half-transparent text: e.g. the "Customize"
 * tooltip fading out after its button opened the customizer).
 */
export async function settled(page: Page) {
  await until(() =>
    page.evaluate(() => {
      if (document.getAnimations().length > 0) return false;
      const layers = document.querySelectorAll(
        '[role="dialog"], [role="menu"], [role="tooltip"], [data-position]',
      );
      for (const layer of layers) {
        for (let el: Element | null = layer; el; el = el.parentElement) {
          if (getComputedStyle(el).opacity !== '1') return false;
        }
      }
      return true;
    }),
  ).toBe(true);
}

/** Serious and critical axe violations of the page, as readable lines (empty when there are none). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 5)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)} ${n.failureSummary ?? ''}`.trim())
          .join(' | ')}`,
    );
}

/** Fails when the page scrolls sideways at its viewport width. */
export async function expectNoOverflow(page: Page, label: string) {
  const { scrollWidth, width } = await horizontalOverflow(page);
  if (scrollWidth <= width) return;
  // Which elements stick out (the innermost few), so the failure says what to fix.
  const wide = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(-4)
      .map((e) => `${e.tagName.toLowerCase()} "${(e.textContent ?? '').trim().slice(0, 50)}"`),
  );
  expect(scrollWidth, `${label} scrolls sideways: ${wide.join(', ')}`).toBeLessThanOrEqual(width);
}

/** axe after the page is still; collects "label: violation" lines (asserted empty at the end of a journey). */
export async function audit(page: Page, label: string, found: string[]) {
  await settled(page);
  found.push(...(await seriousViolations(page)).map((v) => `${label}: ${v}`));
}

/** No serious axe violation once the page is still, and no sideways scrolling. */
export async function expectClean(page: Page, label: string) {
  await settled(page);
  expect(await seriousViolations(page), `${label}: axe`).toEqual([]);
  await expectNoOverflow(page, label);
}

/**
 * A screenshot from the top of the page (a full-page shot taken scrolled paints the sticky header mid-page);
 * `fullPage: false` for what the viewport shows (an open modal).
 */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  if (opts.fullPage !== false) await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, opts);
}

/** Badges whose text is cut (ellipsis): a badge must show its whole text. */
export async function truncatedBadges(page: Page): Promise<string[]> {
  return page
    .locator('.mantine-Badge-label')
    .evaluateAll((els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent ?? ''),
    );
}
