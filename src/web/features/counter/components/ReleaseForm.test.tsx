import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CounterLookup, CounterPackage, ReleaseResult } from '../../../../contract/counter';
import { counterCalls } from '../../../../contract/counter.calls';
import type { Endpoint } from '../../../../contract/endpoint';
import { referenceCalls } from '../../../../contract/reference.calls';
import { ApiError, api } from '../../../lib/api';
import { render, screen, waitFor } from '../../../test/render';
import { ReleaseForm } from './ReleaseForm';

const parcel = (n: number, billing: CounterPackage['billing']): CounterPackage => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  tracking_number: `TRK${n}`,
  description: 'Books',
  status: 'ready_for_pickup',
  status_name: 'Ready for pickup',
  weight: '2.50',
  pieces: 1,
  received_at: '2026-11-20T10:00:00.000Z',
  billing,
  invoice: null,
});

const PERSON_ID = '00000000-0000-4000-8000-0000000000bb';
const lookup: CounterLookup = {
  matched_by: 'mailbox',
  pass: null,
  customer: {
    id: '00000000-0000-4000-8000-0000000000aa',
    name: 'Shanice Morgan',
    mailbox_number: 'IEX-10006',
    email: 'shanice@example.test',
    phone: '876-555-0123',
    is_active: true,
  },
  scanned: null,
  packages: [parcel(1, 'paid'), parcel(2, 'unpaid')],
  invoices: [],
  balance_due_cents: 0,
  currency: 'JMD',
  authorized_persons: [
    {
      id: PERSON_ID,
      full_name: 'Devon Clarke',
      identification: { id: 2, code: 'passport', name: 'Passport' },
      id_number: 'PA-55120987',
      relationship: 'Brother',
      phone: '876-555-0142',
    },
  ],
};

const result: ReleaseResult = {
  customer_id: lookup.customer.id,
  released: [{ id: parcel(1, 'paid').id, tracking_number: 'TRK1' }],
  collected_by: 'Devon Clarke',
  authorized_person_id: PERSON_ID,
  id_type: 'Passport',
  id_number_masked: '…0987',
  overridden: 0,
  released_at: '2026-11-25T20:00:00.000Z',
};

afterEach(() => vi.restoreAllMocks());

/** The ID types; releases answer in turn with what `replies` holds (an Error is thrown). */
function serve(replies: (ReleaseResult | Error)[]) {
  const queue = [...replies];
  return vi.spyOn(api, 'call').mockImplementation((async (endpoint: Endpoint) => {
    if (endpoint === referenceCalls.identifications) {
      return [
        { id: 1, code: 'drivers_licence', name: "Driver's licence" },
        { id: 2, code: 'passport', name: 'Passport' },
      ];
    }
    if (endpoint === counterCalls.release) {
      const next = queue.shift();
      if (next instanceof Error) throw next;
      return next;
    }
    return null;
  }) as never);
}

const releases = (call: ReturnType<typeof serve>) =>
  call.mock.calls
    .filter(([endpoint]) => endpoint === counterCalls.release)
    .map(([, input]) => input as never);

describe('ReleaseForm', () => {
  it('asks for an override reason only while an unpaid parcel is selected', () => {
    serve([]);
    const { rerender } = render(
      <ReleaseForm data={lookup} selected={lookup.packages} onReleased={() => {}} />,
    );
    expect(screen.getByRole('textbox', { name: /Override reason/ })).toBeTruthy();
    rerender(<ReleaseForm data={lookup} selected={[parcel(1, 'paid')]} onReleased={() => {}} />);
    expect(screen.queryByRole('textbox', { name: /Override reason/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Release 1 parcel' })).toBeTruthy();
  });

  it("presets the person's ID type, shows the server's refusal on the ID number, and retries with the same key", async () => {
    const user = userEvent.setup();
    const call = serve([
      new ApiError(400, 'Validation failed', { id_number: ['Does not match the ID number on record'] }),
      new ApiError(0, 'Network error: check your connection and try again.'),
      result,
    ]);
    const onReleased = vi.fn();
    render(<ReleaseForm data={lookup} selected={[parcel(1, 'paid')]} onReleased={onReleased} />);

    await user.click(screen.getByRole('radio', { name: /Devon Clarke/ }));
    await waitFor(() =>
      expect((screen.getAllByLabelText(/ID type/)[0] as HTMLInputElement).value).toBe('Passport'),
    );
    const idNumber = screen.getByRole('textbox', { name: /ID number/ });
    await user.type(idNumber, 'PA-0000');
    await user.click(screen.getByRole('button', { name: 'Release 1 parcel' }));
    await screen.findByText('Does not match the ID number on record');
    expect(idNumber.getAttribute('aria-invalid')).toBe('true');

    await user.clear(idNumber);
    await user.type(idNumber, 'PA-55120987');
    await user.click(screen.getByRole('button', { name: 'Release 1 parcel' }));
    await screen.findByText('Network error: check your connection and try again.');
    await user.click(screen.getByRole('button', { name: 'Release 1 parcel' }));
    await waitFor(() => expect(onReleased).toHaveBeenCalledTimes(1));

    const sent = releases(call) as { body: Record<string, unknown>; idempotencyKey: string }[];
    expect(sent).toHaveLength(3);
    expect(sent[1]?.body).toEqual({
      package_ids: [parcel(1, 'paid').id],
      authorized_person_id: PERSON_ID,
      identification_id: 2,
      id_number: 'PA-55120987',
    });
    // A changed body is a new release; the same body sent again after a lost reply reuses its key.
    expect(sent[1]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
    expect(sent[2]?.idempotencyKey).toBe(sent[1]?.idempotencyKey);
  });

  it('names the authorized person whose pickup pass was presented as the one collecting, their ID type preset', async () => {
    serve([]);
    const byPass: CounterLookup = {
      ...lookup,
      matched_by: 'pass',
      pass: {
        code: '7KQM-3XHP',
        holder_name: 'Devon Clarke',
        authorized_person_id: PERSON_ID,
        package_ids: [],
      },
    };
    render(<ReleaseForm data={byPass} selected={[parcel(1, 'paid')]} onReleased={() => {}} />);
    expect((screen.getByRole('radio', { name: /Devon Clarke/ }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() =>
      expect((screen.getAllByLabelText(/ID type/)[0] as HTMLInputElement).value).toBe('Passport'),
    );
  });
});
