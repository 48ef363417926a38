import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffPackagesQueryOptions } from './api';
import { parseStaffPackageSearch } from './search';

/** The server: 120 matches, counted only when the page is the first or `count=1` asks. */
function stubServer() {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const page = Number(url.searchParams.get('page') ?? 1);
    const count = url.searchParams.get('count');
    const counted = count ? count === '1' : page === 1;
    const data = { items: [], page, pageSize: 20, total: counted ? 120 : null, total_capped: false };
    return new Response(JSON.stringify({ success: true, message: 'OK', data, statusCode: 200 }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return (i: number) =>
    new URL(String(fetch.mock.calls[i]?.[0]), 'http://localhost').searchParams.get('count');
}

afterEach(() => vi.unstubAllGlobals());

describe('the staff package list pages on without counting again', () => {
  it('page 2 keeps the total page 1 counted; a page opened first, or of other filters, asks for it', async () => {
    const countAsked = stubServer();
    const client = new QueryClient();
    const view = (page: number, q?: string) =>
      client.fetchQuery(staffPackagesQueryOptions(parseStaffPackageSearch({ page, q, status: 'on_hold' })));

    expect(await view(1)).toMatchObject({ total: 120, counted: true });
    expect(countAsked(0)).toBeNull();
    expect(await view(2)).toMatchObject({ total: 120, counted: false });
    expect(countAsked(1)).toBe('0');
    expect(await view(3, 'IEX')).toMatchObject({ total: 120, counted: true });
    expect(countAsked(2)).toBe('1');
  });
});
