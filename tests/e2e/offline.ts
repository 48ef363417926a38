// Probes of the offline machinery shared by the journeys: the service worker's control of a page and what the
// persisted query cache holds in IndexedDB.
import type { Page } from 'playwright-core';
import { until } from './helpers';

/** Waits until the service worker controls the page (only then does the page survive going offline). */
export async function controlled(page: Page) {
  await until(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
    timeout: 30_000,
    message: 'the service worker never took control of the page',
  }).toBe(true);
}

/** The query keys (as JSON) of the persisted query cache of the logged-in user, read from IndexedDB. */
export function persistedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((done) => {
        const open = indexedDB.open('portal-query-cache');
        open.onerror = () => done([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('clients')) {
            db.close();
            return done([]);
          }
          const all = db.transaction('clients').objectStore('clients').getAll();
          all.onerror = () => {
            db.close();
            done([]);
          };
          all.onsuccess = () => {
            db.close();
            const keys: string[] = [];
            for (const raw of all.result as string[]) {
              const client = JSON.parse(raw) as { clientState: { queries: { queryKey: unknown }[] } };
              for (const q of client.clientState.queries) keys.push(JSON.stringify(q.queryKey));
            }
            done(keys);
          };
        };
      }),
  );
}

/** The first element of every persisted query key ("packages", "me", …). */
export async function persistedRoots(page: Page): Promise<string[]> {
  return (await persistedQueryKeys(page)).map((k) => String((JSON.parse(k) as unknown[])[0]));
}
