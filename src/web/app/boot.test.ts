import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Company } from '../../contract/companies';
import { companyQueryOptions, getCachedCompany, primeCompany } from '../features/tenant/api';
import { readBoot } from './boot';

const company = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Island Express',
  primary_color: '#6d28d9',
} as unknown as Company;

function page(block: string | null, session?: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  for (const [id, text] of [
    ['boot', block],
    ['boot-session', session ?? null],
  ] as const) {
    if (text === null) continue;
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = id;
    script.textContent = text;
    (id === 'boot' ? doc.head : doc.body).append(script);
  }
  return doc;
}

describe('the boot block the server writes into the page', () => {
  afterEach(() => localStorage.clear());

  it('reads the company and the build, with a "</script>" in a name kept as data', () => {
    const named = { ...company, name: 'A </script><b>B' };
    // As the server escapes it: "<" as \u003c, so the block cannot be closed early.
    const block = JSON.stringify({ company: named, buildId: 'b1' }).replace(/</g, '\\u003c');
    expect(readBoot(page(block))).toEqual({ company: named, buildId: 'b1', session: null });
  });

  it('is none without a block (the worker served its copy), with damaged JSON, or without a build id', () => {
    expect(readBoot(page(null))).toBeNull();
    expect(readBoot(page('{"company":'))).toBeNull();
    expect(readBoot(page(JSON.stringify({ company })))).toBeNull();
  });

  it('keeps an unknown host as "no company"', () => {
    expect(readBoot(page(JSON.stringify({ company: null, buildId: 'b1' })))).toEqual({
      company: null,
      buildId: 'b1',
      session: null,
    });
  });

  it("reads the signed-in session's user and answers, and no session from a block without a user id", () => {
    const boot = JSON.stringify({ company, buildId: 'b1' });
    const session = { user: { id: 'u1', first_name: 'Ann' }, data: { counts: { total: 3 } } };
    expect(readBoot(page(boot, JSON.stringify(session)))?.session).toEqual(session);
    const damaged = { user: { first_name: 'Ann' }, data: {} };
    expect(readBoot(page(boot, JSON.stringify(damaged)))?.session).toBeNull();
    expect(readBoot(page(boot, '{"user":'))?.session).toBeNull();
  });

  it('primes the company query fresh, so the first guard does not wait for the network, and keeps it offline', () => {
    const queryClient = new QueryClient();
    primeCompany(queryClient, company);
    const state = queryClient.getQueryState(companyQueryOptions().queryKey);
    expect(state?.data).toEqual(company);
    expect(state?.isInvalidated).toBe(false);
    expect(Date.now() - (state?.dataUpdatedAt ?? 0)).toBeLessThan(1000);
    expect(getCachedCompany()).toEqual(company);
  });
});
