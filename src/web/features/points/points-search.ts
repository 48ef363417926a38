/** Plain code, no zod: validateSearch runs in the router, which lives in the entry bundle. */
export const POINTS_PAGE_SIZES = [10, 20, 50] as const;
export const POINTS_DEFAULTS = { page: 1, pageSize: 20 } as const;

export interface PointsSearch {
  page: number;
  pageSize: number;
}

function int(v: unknown, min: number, max: number): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/** Anything malformed falls back to the default, so an old or hand-edited link still opens. */
export function parsePointsSearch(raw: Record<string, unknown>): PointsSearch {
  const pageSize = int(raw.pageSize, 1, 100);
  return {
    page: int(raw.page, 1, 100_000) ?? POINTS_DEFAULTS.page,
    pageSize:
      pageSize && (POINTS_PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : POINTS_DEFAULTS.pageSize,
  };
}
