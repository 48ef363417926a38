import './i18n';
import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { customerSearchQueryOptions } from './form-api';

type Option = { value: string; label: string };

const labelOf = (u: { mailbox_number: string; name: string; email: string }) =>
  `${u.mailbox_number} · ${u.name} · ${u.email}`;

/**
 * The invoice's customer, found by mailbox number, name or email (searched on the server as one types, like the
 * package screens' picker); the chosen one stays shown while the search moves on.
 */
export function InvoiceFormCustomer({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (id: string) => void;
  error?: React.ReactNode;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Option | null>(null);
  const [debounced] = useDebouncedValue(search, 250);
  // Once chosen, the box shows the chosen label: that is no search.
  const q = chosen && debounced === chosen.label ? '' : debounced;
  const query = useQuery(customerSearchQueryOptions(q));
  const found = (query.data?.items ?? []).map((u) => ({ value: u.id, label: labelOf(u) }));
  const data = chosen && !found.some((o) => o.value === chosen.value) ? [chosen, ...found] : found;
  return (
    <Select
      label={t`Customer`}
      placeholder={t`Mailbox number, name or email`}
      description={t`Type at least 2 characters of the mailbox number, name or email`}
      required
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already; a mailbox number typed in lower case still matches.
      filter={({ options }) => options}
      data={data}
      value={value || null}
      onChange={(id, option) => {
        setChosen(id ? option : null);
        onChange(id ?? '');
      }}
      nothingFoundMessage={q.trim().length >= 2 && !query.isFetching ? t`No customer found` : undefined}
      error={error}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      data-autofocus
      autoFocus
    />
  );
}
