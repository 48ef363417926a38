import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, namedEndpoints } from '../contract/endpoints';
import { documentedPath } from './http/openapi';
import { createTestApp, type TestApp } from './test/harness';

/**
 * Routes served for the app itself, not calls of the API (the docs, the PWA's files, the dev mailbox, a load
 * balancer's health probes).
 */
const NOT_API = /^(HEAD|GET) \/(docs|$|\*|manifest|brand-icons|brand\/logo\/|dev\/|healthz$|readyz$)/;

describe('the contract is the source of every call', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const declared = allEndpoints.map((e) => `${e.method} ${e.path}`);

  it('declares each call once', () => {
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('serves every declared endpoint', () => {
    const missing = declared.filter((d) => !t.app.served.has(d));
    expect(missing).toEqual([]);
  });

  it('serves no API route that is not declared', () => {
    const api = [...t.app.served].filter((r) => !r.startsWith('HEAD ') && !NOT_API.test(r));
    const undeclared = api.filter((r) => !declared.includes(r));
    expect(undeclared).toEqual([]);
    // The check above means something only if the API routes were seen at all.
    expect(api.length).toBe(declared.length);
  });

  it('documents every call under its name, secured by its access', () => {
    type Operation = { operationId?: string; security?: Record<string, string[]>[] };
    const doc = t.app.swagger() as { paths?: Record<string, Record<string, Operation>> };
    for (const { name, endpoint: e } of namedEndpoints) {
      const op = doc.paths?.[documentedPath(e.path).replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
      expect(op?.operationId, `${e.method} ${e.path}`).toBe(name);
      expect(op?.security, name).toEqual(e.access === 'public' ? [] : [{ bearer: [] }]);
    }
  });
});
