import type { Prealert } from '../../../contract/packages';
import { useChange } from '../../lib/use-change';
import { cancelPrealert, type PrealertData } from './api';

/**
 * Sending a pre-alert (or resending one the outbox kept): `send` is the form's way (now, or into the outbox: then
 * null, and nothing changed yet). One already at the warehouse is matched at once: the package changes too.
 */
export const useSendPrealert = (
  send: (v: { fields: PrealertData; files: File[] }) => Promise<Prealert | null>,
) =>
  useChange({
    // Offline is this mutation's business (it queues in the outbox): it is never paused until back online.
    mutationFn: send,
    changes: (prealert) =>
      !prealert ? [] : prealert.status === 'matched' ? ['prealert', 'package'] : ['prealert'],
  });

export const useCancelPrealert = () =>
  useChange({ mutationFn: (p: Prealert) => cancelPrealert(p.id), changes: ['prealert'] });
