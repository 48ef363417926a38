import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Company } from '../../../contract/companies';
import { displayTimeZone } from '../../../contract/format';
import { ApiError, api } from '../../lib/api';
import { readJson } from '../../lib/storage';
import { fetchCompany, getCachedCompany, lookupCompany, TENANT_MESSAGES } from './api';

const company = { id: 'co1', name: 'Island Express', time_zone: 'America/Jamaica' } as Company;
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

afterEach(() => vi.restoreAllMocks());

describe('the company of the host', () => {
  it('is fetched once, kept on the device for offline starts, and sets the time zone dates are shown in', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue(company);
    expect(await lookupCompany(client())).toEqual({ status: 'success', company });
    expect(call).toHaveBeenCalledOnce();
    expect(readJson('portal.company')).toEqual(company);
    expect(displayTimeZone()).toBe('America/Jamaica');
    // The next start reads it from the device.
    expect(getCachedCompany()).toEqual(company);
  });

  it('an unknown host is "not found", and what the device kept of it goes', async () => {
    vi.spyOn(api, 'call').mockRejectedValue(new ApiError(404, 'No such company'));
    expect(await lookupCompany(client())).toEqual({ status: 'not_found' });
    localStorage.setItem('portal.company', JSON.stringify(company));
    await expect(fetchCompany()).rejects.toThrow();
    expect(readJson('portal.company')).toBeUndefined();
  });

  it('any other failure says the spec’s message when the server gave none', async () => {
    vi.spyOn(api, 'call').mockRejectedValue(new Error('socket hang up'));
    expect(await lookupCompany(client())).toEqual({ status: 'error', message: TENANT_MESSAGES.company });
  });
});
