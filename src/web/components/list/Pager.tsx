import type { MessageDescriptor } from '@lingui/core';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';
import { formatDecimal } from '../../../contract/format';
import { PageButtons, PageSizeSelect } from '../Paging';

/** Where a list is in its pages, as the URL says, and how to move. */
export interface Paging {
  page: number;
  /** With `sizes`: the reader picks how many rows a page shows. */
  pageSize?: number;
  sizes?: readonly number[];
  onChange: (patch: { page: number; pageSize?: number }) => void;
  /** The page buttons' landmark; "Pagination" unless a screen has two lists. */
  label?: string;
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** "Showing 21–40 of 45 packages" ("of 10,000+" when the server stopped counting). */
export function ResultsSummary({
  page,
  pageSize,
  shown,
  total,
  capped,
  noun,
}: {
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  capped?: boolean | undefined;
  /** What the list holds, by count: `msg({ message: '{count, plural, one {package} other {packages}}' })`. */
  noun: MessageDescriptor;
}) {
  const { i18n } = useLinguiRuntime();
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  const all = `${formatDecimal(total, 0)}${capped ? '+' : ''}`;
  const things = i18n._({ ...noun, values: { count: capped ? Number.MAX_SAFE_INTEGER : total } });
  return (
    <Text size="sm" c="dimmed" aria-live="polite" data-testid="results-summary">
      <Trans>
        Showing {first}–{last} of {all} {things}
      </Trans>
    </Text>
  );
}

/** Rows per page (when the list offers sizes) and the page buttons (when there is more than one page). */
export function Pager({
  paging,
  total,
  pageSize,
  capped,
  compact,
}: {
  paging: Paging;
  total: number;
  pageSize: number;
  /** The total is a floor: offer one page more than it makes. */
  capped?: boolean | undefined;
  /** A phone: fewer page buttons, smaller. */
  compact?: boolean;
}) {
  const { t } = useLingui();
  const pages = pageCount(total, pageSize);
  const { sizes, onChange } = paging;
  if (pages <= 1 && !(sizes && paging.pageSize)) return null;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      {sizes && paging.pageSize ? (
        <PageSizeSelect
          label={t`Rows per page`}
          sizes={sizes}
          value={paging.pageSize}
          onChange={(size) => onChange({ pageSize: size, page: 1 })}
          w={120}
          size="sm"
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <span />
      )}
      {pages > 1 && (
        <nav aria-label={paging.label ?? t`Pagination`}>
          <PageButtons
            total={capped ? pages + 1 : pages}
            value={Math.min(paging.page, capped ? pages + 1 : pages)}
            onChange={(page) => onChange({ page })}
            siblings={compact ? 0 : 1}
            boundaries={1}
            size={compact ? 'sm' : 'md'}
          />
        </nav>
      )}
    </Group>
  );
}
