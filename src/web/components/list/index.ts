/*
 * The list-screen kit: every list of the PWA is built from these, so they look and behave alike. Filters live in the
 * URL (the route parses them with lib/search-params); a screen puts them in a FilterPanel and hands its query to
 * ListResults, which shows loading / error / empty, a table on wide screens or cards on phones, checkboxes when rows
 * can be chosen (useSelection, SelectionBar for the bulk actions), and the pager.
 */
export { CardRows } from './CardRows';
export { type Column, DataTable } from './DataTable';
export { FilterPanel, hasFilters } from './FilterPanel';
export { type ListPage, ListResults, type ListResultsProps } from './ListResults';
export { ListRows, type ListRowsProps } from './ListRows';
export { useCardsLayout } from './layout';
export { Pager, type Paging, pageCount, ResultsSummary } from './Pager';
export { SelectionBar } from './SelectionBar';
export { type RowSelection, type Selection, useSelection } from './selection';
