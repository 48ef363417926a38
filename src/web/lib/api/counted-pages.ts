import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A list page as the API answers it: the server counts its total only when asked (`count`), since counting a search
 * at a million rows costs more than its page.
 */
type ListPage = {
  total: number | null;
  total_capped: boolean;
  page: number;
  pageSize: number;
  items: unknown[];
};

/** A page as the list's queries keep it: its total always known (`counted` says whether the server counted it). */
export type Counted<P extends ListPage> = Omit<P, 'total'> & { total: number; counted: boolean };

export type KnownTotal = { total: number; capped: boolean };

/**
 * The newest total the server counted for the same filters among the pages cached under `root` (their key is
 * `[...root, search]`); sort, page and page size do not change a total, `sameFilters` says what does.
 */
export function knownTotal<S>(
  client: QueryClient | undefined,
  root: QueryKey,
  sameFilters: (cached: S) => boolean,
): KnownTotal | null {
  let best: (KnownTotal & { at: number }) | null = null;
  for (const cached of client?.getQueryCache().findAll({ queryKey: root }) ?? []) {
    const data = cached.state.data as Counted<ListPage> | undefined;
    const key = cached.queryKey[root.length] as S | undefined;
    if (!data?.counted || key === undefined || !sameFilters(key)) continue;
    if (!best || cached.state.dataUpdatedAt > best.at)
      best = { total: data.total, capped: data.total_capped, at: cached.state.dataUpdatedAt };
  }
  return best && { total: best.total, capped: best.capped };
}

/** What a later page asks for: the count only when no page of the same search counted it (a link to page 3). */
export const countParam = (known: KnownTotal | null) => (known ? '0' : '1');

/** A page with its total as counted, else the search's known total, or at least what this page shows exists. */
export function countedPage<P extends ListPage>(page: P, known: KnownTotal | null = null): Counted<P> {
  if (page.total !== null) return { ...page, total: page.total, counted: true };
  const atLeast = (page.page - 1) * page.pageSize + page.items.length;
  return {
    ...page,
    total: Math.max(known?.total ?? 0, atLeast),
    total_capped: known?.capped ?? false,
    counted: false,
  };
}
