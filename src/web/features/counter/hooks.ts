import type { ReleaseBody } from '../../../contract/counter';
import { useChange } from '../../lib/use-change';
import { releaseParcels } from './api';

/**
 * Handing parcels over: they leave the counter, "Ready for pickup" and every list; the same body sent again with the
 * same key never releases twice (see lib/api's idempotencyKeys).
 */
export const useReleaseParcels = () =>
  useChange({
    mutationFn: (v: { body: ReleaseBody; key: string }) => releaseParcels(v.body, v.key),
    changes: ['package'],
    audit: (_r, v) => v.body.package_ids.map((id) => ['package', id] as const),
  });
