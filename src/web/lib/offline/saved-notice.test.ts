import { describe, expect, it } from 'vitest';
import { savedOnDeviceNotice } from './saved-notice';

describe('savedOnDeviceNotice', () => {
  it('says in one sentence that it is kept on this device and goes by itself, and when', () => {
    expect(savedOnDeviceNotice('Pre-alert 1Z999', 'unreachable')).toEqual({
      title: 'Saved on this device',
      message:
        'Pre-alert 1Z999: kept on this device and sent automatically as soon as the server answers again.',
    });
    expect(savedOnDeviceNotice('The receipts', 'offline').message).toBe(
      "The receipts: kept on this device and sent automatically as soon as you're back online.",
    );
  });
});
