import { describe, expect, it } from 'vitest';
import type { Prealert } from '../../../contract/packages';
import { render, screen } from '../../test/render';
import { PrealertCard } from './PrealertList';

const prealert = (over: Partial<Prealert>): Prealert => ({
  id: 'p1',
  tracking_number: '1Z999AA10123456784',
  seller_name: 'Amazon',
  description: 'Running shoes',
  weight: '2.00',
  value_cents: 5999,
  currency: 'USD',
  package_type: 'box',
  height: '0',
  length: '0',
  width: '0',
  status: 'pending',
  package_id: null,
  files: [],
  created_at: '2026-11-20T12:00:00Z',
  matched_at: null,
  cancelled_at: null,
  cancel_reason: '',
  ...over,
});

describe('PrealertCard', () => {
  it('tells the customer why staff cancelled their pre-alert', () => {
    render(
      <ul>
        <PrealertCard
          prealert={prealert({
            status: 'cancelled',
            cancelled_at: '2026-11-22T12:00:00Z',
            cancel_reason: 'The seller says this order was never shipped.',
          })}
          onCancel={() => {}}
        />
      </ul>,
    );
    expect(screen.getByText('Why it was cancelled:')).toBeTruthy();
    expect(screen.getByText(/never shipped/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Cancel pre-alert/ })).toBeNull();
  });

  it('says nothing of a reason when the customer cancelled it themselves', () => {
    render(
      <ul>
        <PrealertCard
          prealert={prealert({ status: 'cancelled', cancelled_at: '2026-11-22T12:00:00Z' })}
          onCancel={() => {}}
        />
      </ul>,
    );
    expect(screen.queryByText('Why it was cancelled:')).toBeNull();
  });
});
