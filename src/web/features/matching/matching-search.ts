/** Plain code, no zod: validateSearch runs in the router, which lives in the entry bundle. */
import { PAGE_MAX } from '../../../contract/constants';
import { searchInt } from '../../lib/search-params';

/** Each queue pages on its own: `pp` for pre-alerts, `kp` for packages. */
export const MATCHING_DEFAULTS = { pp: 1, kp: 1 } as const;
export const QUEUE_PAGE_SIZE = 10;

export interface MatchingSearch {
  pp: number;
  kp: number;
}

export function parseMatchingSearch(raw: Record<string, unknown>): MatchingSearch {
  return {
    pp: searchInt(raw.pp, 1, PAGE_MAX) ?? MATCHING_DEFAULTS.pp,
    kp: searchInt(raw.kp, 1, PAGE_MAX) ?? MATCHING_DEFAULTS.kp,
  };
}
