import { notifications } from '@mantine/notifications';
import type { Prealert } from '../../../contract/packages';
import { savedOnDeviceNotice } from '../../lib/offline/saved-notice';
import { useChange } from '../../lib/use-change';
import { cancelPrealert, type PrealertData } from './api';

export type SendPrealertVars = { fields: PrealertData; files: File[]; resend?: boolean };

/** What the person is told once a pre-alert went (or was kept on this device to go later). */
function tellSent(prealert: Prealert | null, { fields, resend }: SendPrealertVars) {
  if (!prealert) {
    const notice = savedOnDeviceNotice(`Pre-alert ${fields.tracking_number}`);
    notifications.show({
      color: 'blue',
      ...notice,
      title: resend ? 'Sent back to the outbox' : notice.title,
    });
    return;
  }
  notifications.show({
    color: 'green',
    title: 'Pre-alert sent',
    message:
      prealert.status === 'matched'
        ? `${prealert.tracking_number} is already at the warehouse and was matched to your package.`
        : `We will match ${prealert.tracking_number} to your package when it arrives.`,
  });
}

/**
 * Sending a pre-alert (or resending one the outbox kept): `send` is the form's way (now, or into the outbox: then
 * null, and nothing changed yet). One already at the warehouse is matched at once: the package changes too.
 */
export const useSendPrealert = (send: (v: SendPrealertVars) => Promise<Prealert | null>) =>
  useChange({
    // Offline is this mutation's business (it queues in the outbox): it is never paused until back online.
    mutationFn: send,
    changes: (prealert) =>
      !prealert ? [] : prealert.status === 'matched' ? ['prealert', 'package'] : ['prealert'],
    // Told from here, not from the form: the person may have moved on while it uploaded (the form is then gone,
    // and a callback given to `mutate` would never run).
    onSuccess: tellSent,
  });

export const useCancelPrealert = () =>
  useChange({ mutationFn: (p: Prealert) => cancelPrealert(p.id), changes: ['prealert'] });
