import '../i18n';
import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { customerSearchQueryOptions } from '../api';

/** Picks a customer of the company by mailbox number, name or email (searched on the server as one types). */
export function CustomerPicker({
  value,
  onChange,
  error,
  label,
  autoFocus,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string | undefined;
  label?: string;
  autoFocus?: boolean;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const query = useQuery(customerSearchQueryOptions(debounced));
  const data = (query.data?.items ?? []).map((u) => ({
    value: u.id,
    label: `${u.mailbox_number} · ${u.name} · ${u.email}`,
  }));
  return (
    <Select
      label={label ?? t`Customer`}
      placeholder={t`Mailbox number, name or email`}
      description={t`Type at least 2 characters`}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already; a mailbox number typed in lower case still matches.
      filter={({ options }) => options}
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage={
        debounced.trim().length >= 2 && !query.isFetching ? t`No customer found` : undefined
      }
      error={error}
      autoFocus={autoFocus}
      comboboxProps={{ withinPortal: true }}
      data-autofocus={autoFocus || undefined}
    />
  );
}
