import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PackageSummary } from '../../../contract/packages';
import { renderWithRouter, screen, waitFor, within } from '../../test/render';
import { parseHistorySearch } from './history-search';
import { PackageHistory } from './PackageHistory';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ success: true, message: 'OK', data, statusCode: 200 }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const pkg = (i: number): PackageSummary => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  tracking_number: `TBA${1000 + i}`,
  description: `Item ${i}`,
  seller_name: 'Amazon',
  shipper: 'UPS',
  weight: '2.50',
  hold: null,
  length: '0',
  width: '0',
  height: '0',
  declared_value_cents: 1999,
  status: 'in_transit',
  status_name: 'In transit',
  received_at: null,
  delivered_at: null,
  created_at: '2026-11-10T12:00:00.000Z',
  updated_at: '2026-11-11T12:00:00.000Z',
  owner: { id: '00000000-0000-4000-8000-000000000999', name: 'Ann Lee', mailbox_number: 'IEX-10001' },
  storage: null,
});

function stubApi(items: PackageSummary[], total = items.length) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/v1/package_statuses')) {
      return envelope([
        {
          id: 3,
          code: 'in_transit',
          name: 'In transit',
          description: '',
          sort_order: 30,
          is_exception: false,
          is_final: false,
        },
      ]);
    }
    return envelope({ items, page: 1, pageSize: 20, total });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('PackageHistory', () => {
  it('shows "No packages yet" with the pre-alert call to action when the customer has none', async () => {
    stubApi([]);
    await renderWithRouter(
      <PackageHistory search={parseHistorySearch({})} onChange={vi.fn()} onClear={vi.fn()} />,
    );
    expect(await screen.findByText('No packages yet')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Pre-alert a package' }).length).toBeGreaterThan(0);
  });

  it('shows "No packages match" with a clear-filters button when filters leave nothing', async () => {
    stubApi([]);
    const onClear = vi.fn();
    await renderWithRouter(
      <PackageHistory search={parseHistorySearch({ q: 'zzz' })} onChange={vi.fn()} onClear={onClear} />,
    );
    expect(await screen.findByText('No packages match')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.click(buttons.at(-1) as HTMLElement);
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('lists packages with links to their pages, and pages through the server', async () => {
    const fetch = stubApi(
      Array.from({ length: 20 }, (_, i) => pkg(i)),
      45,
    );
    const onChange = vi.fn();
    await renderWithRouter(
      <PackageHistory
        search={parseHistorySearch({ status: 'in_transit' })}
        onChange={onChange}
        onClear={vi.fn()}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Packages' });
    const link = within(table).getByRole('link', { name: 'TBA1000' });
    expect(link.getAttribute('href')).toBe(`/user/packages/${pkg(0).id}`);
    expect(screen.getByText('Showing 1–20 of 45 packages')).toBeTruthy();
    const listCall = fetch.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/v1/packages?'));
    expect(listCall).toContain('status=in_transit');
    expect(listCall).toContain('sort=newest');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onChange).toHaveBeenCalledWith({ page: 2 });
  });

  it('debounces the search box into one URL change that goes back to page 1', async () => {
    stubApi([pkg(1)]);
    const onChange = vi.fn();
    await renderWithRouter(
      <PackageHistory search={parseHistorySearch({ page: 3 })} onChange={onChange} onClear={vi.fn()} />,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'car');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ q: 'car', page: 1 }, { replace: true }));
    expect(onChange.mock.calls.filter(([patch]) => 'q' in patch)).toHaveLength(1);
  });
});
