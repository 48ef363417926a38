import './i18n';
import { t } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import type { Prealert } from '../../../contract/packages';
import { savedOnDeviceNotice } from '../../lib/offline/saved-notice';
import { useChange } from '../../lib/use-change';
import { cancelPrealert, type PrealertData } from './api';

export type SendPrealertVars = { fields: PrealertData; files: File[]; resend?: boolean };

/** What the person is told once a pre-alert went (or was kept on this device to go later). */
// A toast shown from a mutation's callback, outside any component: the global i18n speaks the current language.
function tellSent(prealert: Prealert | null, { fields, resend }: SendPrealertVars) {
  const tracking = fields.tracking_number;
  if (!prealert) {
    const notice = savedOnDeviceNotice(t`Pre-alert ${tracking}`);
    notifications.show({
      color: 'blue',
      ...notice,
      title: resend ? t`Sent back to the outbox` : notice.title,
    });
    return;
  }
  const sentTracking = prealert.tracking_number;
  notifications.show({
    color: 'green',
    title: t`Pre-alert sent`,
    message:
      prealert.status === 'matched'
        ? t`${sentTracking} is already at the warehouse and was matched to your package.`
        : t`We will match ${sentTracking} to your package when it arrives.`,
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
