import '@mantine/core/styles/Pagination.css';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Pagination, type PaginationProps, Select, type SelectProps } from '@mantine/core';

const CONTROL_LABELS = {
  first: msg`First page`,
  previous: msg`Previous page`,
  next: msg`Next page`,
  last: msg`Last page`,
} as const;

/** Page buttons that say which page they go to ("Page 2", "Next page"), not just "2" or an arrow. */
export function PageButtons(props: Omit<PaginationProps, 'getItemProps' | 'getControlProps'>) {
  const { t, i18n } = useLingui();
  return (
    <Pagination
      siblings={0}
      size="sm"
      {...props}
      getItemProps={(page) => ({ 'aria-label': t`Page ${page}` })}
      getControlProps={(control) => ({ 'aria-label': i18n._(CONTROL_LABELS[control]) })}
    />
  );
}

/** How many rows a page shows, out of `sizes`. */
export function PageSizeSelect({
  sizes,
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'allowDeselect'> & {
  sizes: readonly number[];
  value: number;
  onChange: (size: number) => void;
}) {
  return (
    <Select
      {...props}
      data={sizes.map(String)}
      value={String(value)}
      onChange={(v) => {
        if (v) onChange(Number(v));
      }}
      allowDeselect={false}
    />
  );
}
