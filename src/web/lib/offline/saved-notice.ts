import { t } from '@lingui/core/macro';
import { offlineReason } from './online';

/**
 * The one sentence a person reads when what they sent is kept in the outbox instead (offline, or no answer in time):
 * that it is safe on this device, and that it goes by itself, and when. Every form that queues says it this way.
 */
export function savedOnDeviceNotice(
  what: string,
  reason: 'offline' | 'unreachable' = offlineReason(),
): { title: string; message: string } {
  return {
    title: t`Saved on this device`,
    message:
      reason === 'unreachable'
        ? t`${what}: kept on this device and sent automatically as soon as the server answers again.`
        : t`${what}: kept on this device and sent automatically as soon as you're back online.`,
  };
}
