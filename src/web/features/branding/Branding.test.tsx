import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Branding, UpdateBrandingInput } from '../../../contract/branding';
import { ApiError } from '../../lib/api/api-error';
import { render, screen, waitFor } from '../../test/render';
import { brandingBody, brandingValues, checkBranding, logoFileProblem } from './branding-form';
import { BrandingForm } from './components/BrandingForm';
import { LogoSection } from './components/LogoSection';
import type { BrandingCalls } from './hooks';

const branding: Branding = {
  company_id: '00000000-0000-4000-8000-000000000002',
  name: 'Island Express',
  short_name: 'Island',
  primary_color: '#6d28d9',
  support_email: 'help@islandexpress.test',
  support_phone: '876-555-0100',
  website: 'https://islandexpress.test',
  warehouse_address: {
    line1: '8400 NW 25th Street',
    line2: 'Suite 110',
    city: 'Doral',
    state: 'FL',
    postal_code: '33122',
    country: 'United States',
    phone: '305-555-0142',
  },
  logo_url: '/brand/logo/0123456789abcdef.png',
  logo: { width: 256, height: 256, size_bytes: 1234 },
  icons: { any_192: '/a', any_512: '/b', maskable_512: '/c', apple_180: '/d' },
  contrast: { white_text: 7.1, dark_text: 2.9, warning: null },
};

function calls(over: Partial<BrandingCalls> = {}): BrandingCalls {
  return {
    save: vi.fn(async (body: UpdateBrandingInput) => ({ ...branding, ...body }) as Branding),
    upload: vi.fn(async () => branding),
    remove: vi.fn(async () => ({ ...branding, logo_url: '', logo: null })),
    ...over,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('the branding form', () => {
  it('warns in words when white text on the colour is hard to read, and previews the header live', async () => {
    const user = userEvent.setup({ delay: null });
    render(<BrandingForm branding={branding} calls={calls()} />);
    expect(screen.getByTestId('brand-contrast').textContent).toMatch(
      /^White text on this colour reads 7\.\d:1/,
    );
    const colour = screen.getByLabelText('Brand colour');
    await user.clear(colour);
    await user.type(colour, '#fdba74');
    expect(screen.getByTestId('brand-contrast').textContent).toContain(
      'White text on this colour is hard to read (1.6:1); pick a darker colour',
    );
    const name = screen.getByLabelText('Company name');
    await user.clear(name);
    await user.type(name, 'Coral Courier');
    expect(screen.getByTestId('brand-preview-header').textContent).toBe('Coral Courier');
  });

  it('saves with "Save branding" and puts the server’s refusal on its field', async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi
      .fn<BrandingCalls['save']>()
      .mockRejectedValueOnce(
        new ApiError(400, 'Validation failed', { 'warehouse_address.city': ['Not a city we ship from'] }),
      )
      .mockImplementation(async (body) => ({ ...branding, ...body }) as Branding);
    render(<BrandingForm branding={branding} calls={calls({ save })} />);
    const colour = screen.getByLabelText('Brand colour');
    await user.clear(colour);
    await user.type(colour, '#0F766E');
    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    await waitFor(() => expect(screen.getByText('Not a city we ship from')).toBeTruthy());
    expect(save.mock.calls[0]?.[0]).toMatchObject({ primary_color: '#0f766e', short_name: 'Island' });
  });

  it('refuses a short name longer than the home screen shows before sending it', async () => {
    const user = userEvent.setup({ delay: null });
    const c = calls();
    render(<BrandingForm branding={branding} calls={c} />);
    const short = screen.getByLabelText('Short name');
    await user.clear(short);
    await user.type(short, 'Island Express Co');
    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    expect(await screen.findByText(/At most 12 characters/)).toBeTruthy();
    expect(c.save).not.toHaveBeenCalled();
  });
});

describe('the logo', () => {
  it('refuses an SVG without sending it, uploads a PNG, and removes the logo', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const c = calls();
    render(<LogoSection branding={branding} calls={c} />);
    expect(screen.getByRole('img', { name: 'Current logo' })).toBeTruthy();
    const input = await screen.findByLabelText('Logo file');
    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/PNG, JPEG or WebP/);
    expect(c.upload).not.toHaveBeenCalled();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    await user.upload(input, png);
    await waitFor(() => expect(c.upload).toHaveBeenCalledWith(png));
    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(c.remove).toHaveBeenCalled());
  });
});

describe('branding values', () => {
  it('round-trips the address and checks what the form can', () => {
    const values = brandingValues(branding);
    expect(brandingBody({ ...values, primary_color: ' #ABCDEF ', name: ' Island ' })).toMatchObject({
      name: 'Island',
      primary_color: '#abcdef',
      warehouse_address: branding.warehouse_address,
    });
    expect(checkBranding(values)).toEqual({});
    expect(
      Object.keys(checkBranding({ ...values, primary_color: 'coral', city: ' ', website: 'x' })).sort(),
    ).toEqual(['city', 'primary_color', 'website']);
    expect(logoFileProblem({ type: 'image/webp', size: 1000 })).toBeNull();
    expect(logoFileProblem({ type: 'image/png', size: 3 * 1024 * 1024 })).toMatch(/2 MB/);
  });
});
