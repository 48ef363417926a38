// Probes of the offline machinery shared by the journeys: the service worker's control of a page and what the
// persisted query cache holds in IndexedDB.
import type { Locator, Page } from 'playwright-core';
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

/** The text of the first match now, null without one (never waits: a missing element fails a poll, not hangs it). */
export function textNow(locator: Locator): Promise<string | null> {
  // evaluateAll never waits for a match (an element leaving between a count and a read would hang a read).
  return locator.evaluateAll((els) => els[0]?.textContent ?? null);
}

export type Dump = Record<string, Record<string, { key: unknown; value: unknown }[]>>;
/** Every IndexedDB database of the origin with every object store's entries (binary values as their size). */
export function dumpIndexedDb(page: Page): Promise<Dump> {
  return page.evaluate(async () => {
    const out: Record<string, Record<string, { key: unknown; value: unknown }[]>> = {};
    const plain = (v: unknown): unknown => {
      if (v instanceof ArrayBuffer) return `<${v.byteLength} bytes>`;
      if (ArrayBuffer.isView(v)) return `<${v.byteLength} bytes>`;
      if (v instanceof Blob) return `<blob ${v.size} bytes>`;
      if (Array.isArray(v)) return v.map(plain);
      if (v && typeof v === 'object')
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
      return v;
    };
    for (const info of await indexedDB.databases()) {
      const name = info.name;
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((done, fail) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => done(req.result);
        req.onerror = () => fail(req.error);
      });
      out[name] = {};
      for (const store of Array.from(db.objectStoreNames)) {
        const entries = await new Promise<{ key: unknown; value: unknown }[]>((done, fail) => {
          const tx = db.transaction(store);
          const keysReq = tx.objectStore(store).getAllKeys();
          const valuesReq = tx.objectStore(store).getAll();
          tx.oncomplete = () =>
            done(keysReq.result.map((key, i) => ({ key, value: plain(valuesReq.result[i]) })));
          tx.onerror = () => fail(tx.error);
        });
        (out[name] as Record<string, unknown>)[store] = entries;
      }
      db.close();
    }
    return out;
  });
}
