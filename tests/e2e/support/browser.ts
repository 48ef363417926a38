// The browser of a test file: Debian's Chromium started once per file (setupBrowser), pages on the e2e server's hosts
// at the journeys' viewports, screenshots and the local mailbox.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { root } from './build';
import { e2ePort } from './server';

export const artifacts = join(root, 'test-results', 'e2e');

/** The journeys' viewports: a phone and a desktop. */
export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };
export type Size = { width: number; height: number };

/** Debian's Chromium (installed by .ci/run); browsers cannot be downloaded on these machines. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  const found = candidates.find((p) => p && existsSync(p));
  if (!found) throw new Error('Chromium not found: apt-get install chromium (or set CHROMIUM_PATH)');
  return found as string;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Starts Chromium before the file's tests and closes it after them; call at the top of a test file. Returns the
 * running browser (only valid inside tests and hooks).
 */
export function setupBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not running (setupBrowser: only inside tests and hooks)');
    return browser;
  };
}

/** Base URL of the running server for a host: `localhost` (Island Express) or `blue.localhost` (Blue Parcel). */
export function baseUrl(host = 'localhost'): string {
  return `http://${host}:${e2ePort()}`;
}

export async function newPage(
  browser: Browser,
  opts: { host?: string; width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(opts.host),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
  });
  await faithfulOffline(context);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Makes `context.setOffline` behave as a device losing its network does. With Debian's Chromium 150 and Playwright
 * 1.65, a document loaded (or reloaded) while the context is offline reads `navigator.onLine === true` and gets no
 * `online` event when the network comes back, though every request fails: a real offline device reports false.
 * The journeys reload offline on purpose (the precache must carry the app), so the emulation is completed here: a
 * document started while offline reads `navigator.onLine` false, and is told `online` when the network returns.
 */
export async function faithfulOffline(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const native = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')?.get;
    Object.defineProperty(Navigator.prototype, 'onLine', {
      configurable: true,
      get(this: Navigator) {
        const g = globalThis as { __e2eOffline?: boolean };
        return g.__e2eOffline === true ? false : (native?.call(this) ?? true);
      },
    });
  });
  const setOffline = context.setOffline.bind(context);
  context.setOffline = async (offline: boolean) => {
    await setOffline(offline);
    // Later init scripts run after the one above: documents created from now on start in this state.
    await context.addInitScript(`globalThis.__e2eOffline = ${offline};`);
    for (const page of context.pages()) {
      await page
        .evaluate((off) => {
          const g = globalThis as { __e2eOffline?: boolean };
          const claimed = g.__e2eOffline === true;
          g.__e2eOffline = off;
          // Only a document this emulation held offline needs telling; the others got the browser's own event.
          if (!off && claimed) window.dispatchEvent(new Event('online'));
        }, offline)
        .catch(() => undefined); // a page mid-navigation: its next document reads the init script
    }
  };
}

/** Whole page by default; `fullPage: false` for what the viewport shows (overlays are fixed to the viewport). */
export async function screenshot(
  page: Page,
  name: string,
  opts: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(artifacts, { recursive: true });
  const path = join(artifacts, `${name}.png`);
  await page.screenshot({ path, fullPage: opts.fullPage ?? true });
  return path;
}

type Mail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  time: string;
  attachments?: { filename: string; contentType: string; size?: number }[];
};

/** Waits for the newest mail to an address whose subject has `subjectPart`, as the local mailbox lists it. */
export async function findMail(to: string, subjectPart: string, host = 'localhost'): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${baseUrl(host)}/dev/mailbox.json`);
    const mails = ((await res.json()) as { data: Mail[] }).data;
    const mail = mails.find((m) => m.to === to && m.subject.includes(subjectPart));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subjectPart}" to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The bytes of a mail's attachment, as the local mailbox kept them. */
export async function mailAttachment(mail: Mail, index = 0, host = 'localhost'): Promise<Buffer> {
  const res = await fetch(`${baseUrl(host)}/dev/mailbox/${encodeURIComponent(mail.id)}/attachments/${index}`);
  if (!res.ok) throw new Error(`attachment ${index} of "${mail.subject}": ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Waits for the newest mail to an address in the local mailbox and returns its first link. */
export async function mailLink(to: string, subjectPart: string, host = 'localhost'): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${baseUrl(host)}/dev/mailbox.json`);
    const mails = ((await res.json()) as { data: Mail[] }).data;
    const mail = mails.find((m) => m.to === to && m.subject.includes(subjectPart));
    if (mail?.links[0]) return mail.links[0];
    if (Date.now() > deadline) throw new Error(`no mail "${subjectPart}" to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
