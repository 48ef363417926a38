import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import type { OutboxRecord } from './outbox-model';

/** A queued file: bytes apart from the queue records, rebuilt as a File when sent. */
export type StoredFile = { name: string; type: string; buffer: ArrayBuffer };

export interface OutboxStore {
  list(): Promise<OutboxRecord[]>;
  get(id: string): Promise<OutboxRecord | undefined>;
  put(rec: OutboxRecord): Promise<void>;
  /** Removes the record and its files. */
  remove(rec: OutboxRecord): Promise<void>;
  putFile(id: string, file: StoredFile): Promise<void>;
  getFile(id: string): Promise<StoredFile | undefined>;
  removeFile(id: string): Promise<void>;
}

let stores: { records: UseStore; files: UseStore } | undefined;
function idb() {
  // Two databases (idb-keyval keeps one object store per database): small records, and the files' bytes apart.
  stores ??= {
    records: createStore('portal-outbox', 'records'),
    files: createStore('portal-outbox-files', 'files'),
  };
  return stores;
}

/** The outbox in IndexedDB; the same data is readable by the service worker for Background Sync. */
export const idbOutboxStore: OutboxStore = {
  list: async () => (await entries<string, OutboxRecord>(idb().records)).map(([, r]) => r),
  get: (id) => get<OutboxRecord>(id, idb().records),
  put: (rec) => set(rec.id, rec, idb().records),
  remove: async (rec) => {
    await Promise.all(rec.files.map((f) => del(f.id, idb().files)));
    await del(rec.id, idb().records);
  },
  putFile: (id, file) => set(id, file, idb().files),
  getFile: (id) => get<StoredFile>(id, idb().files),
  removeFile: (id) => del(id, idb().files),
};

/** An in-memory store with the same behaviour, for unit tests. */
export function memoryOutboxStore(): OutboxStore & { files: Map<string, StoredFile> } {
  const records = new Map<string, OutboxRecord>();
  const files = new Map<string, StoredFile>();
  return {
    files,
    list: async () => [...records.values()].map((r) => structuredClone(r)),
    get: async (id) => (records.has(id) ? structuredClone(records.get(id)) : undefined),
    put: async (rec) => {
      records.set(rec.id, structuredClone(rec));
    },
    remove: async (rec) => {
      for (const f of rec.files) files.delete(f.id);
      records.delete(rec.id);
    },
    putFile: async (id, file) => {
      files.set(id, file);
    },
    getFile: async (id) => files.get(id),
    removeFile: async (id) => {
      files.delete(id);
    },
  };
}
