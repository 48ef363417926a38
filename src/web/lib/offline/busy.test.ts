import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { busyReasons, isBusy, markBusy, onBusyChange, useBusy } from './busy';

describe('busy registry', () => {
  it('is busy while any work is registered, and release is idempotent', () => {
    expect(isBusy()).toBe(false);
    const listener = vi.fn();
    const stop = onBusyChange(listener);
    const releaseForm = markBusy('pre-alert form');
    const releaseUpload = markBusy('receipt upload');
    expect(isBusy()).toBe(true);
    expect(busyReasons().sort()).toEqual(['pre-alert form', 'receipt upload']);
    releaseForm();
    releaseForm();
    expect(isBusy()).toBe(true);
    releaseUpload();
    expect(isBusy()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(4);
    stop();
  });

  it('useBusy follows its flag and releases on unmount', () => {
    const { rerender, unmount } = renderHook(({ dirty }) => useBusy(dirty, 'profile form'), {
      initialProps: { dirty: false },
    });
    expect(isBusy()).toBe(false);
    act(() => rerender({ dirty: true }));
    expect(busyReasons()).toEqual(['profile form']);
    act(() => rerender({ dirty: false }));
    expect(isBusy()).toBe(false);
    act(() => rerender({ dirty: true }));
    unmount();
    expect(isBusy()).toBe(false);
  });
});
