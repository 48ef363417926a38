import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '../test/render';
import { AfterFirstPaint } from './AfterFirstPaint';

/** One frame (16 ms of the fake clock) and the timeout its callback queued (at least 1 ms later). */
async function nextFrame() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(17);
  });
}

describe('AfterFirstPaint', () => {
  afterEach(() => vi.useRealTimers());

  it('draws its parts after the first paint, one per frame, top first', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout', 'clearTimeout'] });
    render(
      <main>
        <h1>Welcome</h1>
        <AfterFirstPaint>
          <p>Address</p>
        </AfterFirstPaint>
        <AfterFirstPaint>
          <p>Counts</p>
        </AfterFirstPaint>
        <AfterFirstPaint>
          <p>Recent packages</p>
        </AfterFirstPaint>
      </main>,
    );
    const drawn = () => ['Address', 'Counts', 'Recent packages'].filter((text) => screen.queryByText(text));
    expect(screen.getByText('Welcome')).toBeTruthy();
    expect(drawn()).toEqual([]);
    await nextFrame();
    expect(drawn()).toEqual(['Address']);
    await nextFrame();
    expect(drawn()).toEqual(['Address', 'Counts']);
    await nextFrame();
    expect(drawn()).toEqual(['Address', 'Counts', 'Recent packages']);
  });

  it('does not hold the next part back when one leaves the screen before its turn', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const { rerender } = render(
      <main>
        <AfterFirstPaint>
          <p>Gone</p>
        </AfterFirstPaint>
        <AfterFirstPaint>
          <p>Stays</p>
        </AfterFirstPaint>
      </main>,
    );
    rerender(
      <main>
        {null}
        <AfterFirstPaint>
          <p>Stays</p>
        </AfterFirstPaint>
      </main>,
    );
    await nextFrame();
    expect(screen.queryByText('Stays')).toBeTruthy();
    expect(screen.queryByText('Gone')).toBeNull();
  });
});
