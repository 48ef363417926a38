// idb-keyval on a Map, for tests (jsdom has no IndexedDB): `vi.mock('idb-keyval', () => import('…/idb-keyval-memory'))`
// in the test file, then read or clear `idbData` there.

export const idbData = new Map<string, unknown>();

export const createStore = () => ({});
export const get = async (key: string) => idbData.get(key);
export const set = async (key: string, value: unknown) => {
  idbData.set(key, value);
};
export const del = async (key: string) => {
  idbData.delete(key);
};
export const keys = async () => [...idbData.keys()];

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
/** An access token the PWA reads as a verified customer of company c1 (unsigned: the PWA never checks signatures). */
export const customerToken = (sub: string) =>
  `${b64({ alg: 'none' })}.${b64({ sub, cid: 'c1', role: 'customer', ver: true, exp: 9e9 })}.sig`;
