import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyPickupPasses, PickupPass } from '../../../contract/pickup-pass';
import { fireEvent, render, screen, waitFor, within } from '../../test/render';
import { NOTHING_READY, PassesView } from './PickupPassScreen';

const pass = (o: Partial<PickupPass>): PickupPass => ({
  holder: { name: 'Shanice Morgan', authorized_person_id: null },
  state: 'active',
  code: '7KQM-3XHP',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>',
  share_url: 'https://portal.example/pass/aaaaaaaaaaaaaaaaaaaaaaaa',
  parcels: [
    { tracking_number: '1Z999AA1', description: 'Shoes', status: 'ready_for_pickup', collected: false },
  ],
  issued_at: '2026-11-27T10:00:00Z',
  collected_at: null,
  ...o,
});
const PERSON = '00000000-0000-4000-8000-0000000000bb';
const data = (own: Partial<PickupPass>, shared: Partial<PickupPass>[] = []): MyPickupPasses => ({
  pass: pass(own),
  shared: shared.map((s) => pass({ holder: { name: 'Andre Pass', authorized_person_id: PERSON }, ...s })),
});

describe('the pickup pass screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says nothing is ready yet, with no code and no share buttons', () => {
    render(
      <PassesView
        data={data({ state: 'none', code: null, qr_svg: null, share_url: null, parcels: [] }, [{}])}
      />,
    );
    expect(screen.getByText(i18n._(NOTHING_READY))).toBeTruthy();
    expect(screen.queryByTestId('pass-code')).toBeNull();
    expect(screen.queryByRole('button', { name: /Share pass/ })).toBeNull();
  });

  it('shows the QR code, the code and the parcels; copies the person’s link where the phone cannot share', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    render(
      <PassesView
        data={data({}, [
          { code: '45J3-XH6M', share_url: 'https://portal.example/pass/bbbbbbbbbbbbbbbbbbbbbbbb' },
        ])}
      />,
    );
    const own = screen.getByRole('region', { name: 'Your pass' });
    expect(within(own).getByTestId('pass-code').textContent).toBe('7KQM-3XHP');
    expect(within(own).getByRole('img', { name: 'QR code of pickup pass 7KQM-3XHP' })).toBeTruthy();
    expect(within(own).getByText('1Z999AA1')).toBeTruthy();
    const theirs = screen.getByRole('region', { name: 'For Andre Pass' });
    expect(within(theirs).getByTestId('pass-code').textContent).toBe('45J3-XH6M');
    fireEvent.click(screen.getByRole('button', { name: 'Share pass with Andre Pass' }));
    await waitFor(() => expect(screen.getByText('Link copied')).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith('https://portal.example/pass/bbbbbbbbbbbbbbbbbbbbbbbb');
  });

  it('a collected pass says so and shows no code or share button', () => {
    render(
      <PassesView
        data={data({ state: 'collected', collected_at: '2026-11-27T11:00:00Z' }, [{ state: 'collected' }])}
      />,
    );
    expect(screen.getAllByTestId('pass-collected')).toHaveLength(2);
    expect(screen.queryByTestId('pass-code')).toBeNull();
    expect(screen.queryByRole('button', { name: /Share pass/ })).toBeNull();
  });
});
