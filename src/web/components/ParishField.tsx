import { Trans, useLingui } from '@lingui/react/macro';
import { Select, type SelectProps } from '@mantine/core';

/**
 * The parish, searchable. Its own module: the Select (and its floating-UI positioning) stays out of the pages
 * that only need the text fields, /login among them. While the list loads and nothing is known yet it waits; when it could not be fetched,
 * `loadError` says so on the field (after any error of the field's own).
 */
export function ParishField({
  parishes,
  loading,
  loadError,
  error,
  ...props
}: Omit<SelectProps, 'data'> & {
  parishes: { id: number; name: string }[];
  loading: boolean;
  loadError: string | null;
}) {
  const { t } = useLingui();
  return (
    <Select
      label={<Trans>Parish</Trans>}
      placeholder={loading ? t`Loading parishes…` : t`Choose your parish`}
      data={parishes.map((p) => ({ value: String(p.id), label: p.name }))}
      searchable
      required
      nothingFoundMessage={<Trans>No parish found</Trans>}
      disabled={loading && parishes.length === 0}
      {...props}
      error={error ?? loadError ?? undefined}
    />
  );
}
