import type { Db } from '../db';
import type { PackageStatus } from '../package-status/move-status';
import { createCounterCloseout } from './closeout';
import { createCounterLookup } from './lookup';
import { createCounterRelease } from './release';

/**
 * The pickup counter, by job: the lookup (a customer's parcels at the branch and what they owe, lookup.ts), the
 * release against a photo ID (release.ts) and the day's close-out (closeout.ts).
 */
export function createCounterService(deps: { db: Db; status: PackageStatus }) {
  return {
    ...createCounterLookup(deps),
    ...createCounterRelease(deps),
    ...createCounterCloseout(deps),
  };
}

export type CounterService = ReturnType<typeof createCounterService>;
