import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '../../../test/render';
import { type HoldChoice, HoldReasonFields, holdBody, noHold } from './HoldReasonFields';

function Harness({ status }: { status: string }) {
  const [hold, setHold] = useState<HoldChoice>(noHold);
  return <HoldReasonFields status={status} value={hold} onChange={setHold} />;
}

describe('the hold reason staff give with "On hold"', () => {
  it('is asked only for On hold, required, with details required for "Other"', () => {
    expect(holdBody('in_transit', noHold)).toEqual({ ok: true, fields: {} });
    expect(holdBody('on_hold', noHold)).toEqual({ ok: false, error: 'Choose why the package is on hold' });
    expect(holdBody('on_hold', { reason: 'other', note: '  ' })).toEqual({
      ok: false,
      error: 'Say why the package is on hold',
    });
    expect(holdBody('on_hold', { reason: 'missing_invoice', note: ' No price shown ' })).toEqual({
      ok: true,
      fields: { hold_reason: 'missing_invoice', hold_note: 'No price shown' },
    });
  });

  it('shows the words the customer will read once a reason is chosen', async () => {
    const { rerender } = render(<Harness status="in_transit" />);
    expect(screen.queryByRole('combobox', { name: /^Reason/ })).toBeNull();
    rerender(<Harness status="on_hold" />);
    await userEvent.click(screen.getByRole('combobox', { name: /^Reason/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Missing invoice' }));
    expect(screen.getByText(/^The customer reads: Upload the store invoice/)).toBeTruthy();
  });
});
