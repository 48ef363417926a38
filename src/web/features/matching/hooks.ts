import { useChange } from '../../lib/use-change';
import { cancelPrealert, matchPrealert } from './api';

/** Matching locks the pre-alert to the package (which may change owner): both show everywhere. */
export const useMatchPrealert = () =>
  useChange({
    mutationFn: (v: { prealertId: string; packageId: string }) => matchPrealert(v.prealertId, v.packageId),
    changes: ['prealert', 'package'],
    audit: (_r, v) => [
      ['prealert', v.prealertId],
      ['package', v.packageId],
    ],
  });

export const useCancelPrealert = () =>
  useChange({
    mutationFn: (v: { prealertId: string; reason: string }) => cancelPrealert(v.prealertId, v.reason),
    changes: ['prealert'],
    audit: (_r, v) => [['prealert', v.prealertId]],
  });
