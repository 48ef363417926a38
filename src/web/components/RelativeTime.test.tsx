import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../test/render';
import { RelativeTimes } from './RelativeTime';

describe('RelativeTimes', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T15:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('says what happened when, leaves out what has not happened, and keeps the exact time on hover', () => {
    const { container } = render(
      <p>
        <RelativeTimes
          steps={[
            ['Sent', '2026-11-23T15:00:00Z'],
            ['matched', '2026-11-26T13:00:00Z'],
            ['cancelled', null],
          ]}
        />
      </p>,
    );
    expect(container.querySelector('p')?.textContent).toBe('Sent 3 days ago · matched 2 hours ago');
    const times = container.querySelectorAll('time');
    expect(times[0]?.getAttribute('dateTime')).toBe('2026-11-23T15:00:00Z');
    expect(times[0]?.getAttribute('title')).toBe('Nov 23, 2026, 10:00 AM');
  });
});
