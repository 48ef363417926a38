import { Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime, formatExchangeRate, formatMoney } from '../../../../contract/format';
import type { RateSet, RateVersion } from '../../../../contract/rates';
import { ScrollTable } from '../../../components/ScrollTable';

/** A rate set in a line or two: what an admin compares between versions. */
export function rateSummary(r: RateSet, currency: string): string {
  const air = r.freight.air.brackets[0];
  return [
    `Air from ${air ? formatMoney(air.charge_cents, currency) : '—'} (${r.freight.air.brackets.length} brackets)`,
    `exchange rate ${formatExchangeRate(r.exchange_rate, currency)}`,
    `storage ${r.storage.free_days} days free, then ${formatMoney(r.storage.per_day_cents, currency)} a day`,
  ].join('; ');
}

/** The rates in force: their brackets per mode, handling, storage and exchange rate. */
export function CurrentRates({ version, currency }: { version: RateVersion | null; currency: string }) {
  if (!version) return <Text>No rates are in force yet.</Text>;
  const r = version.rates;
  const brackets = (title: string, s: { brackets: { max_lb: number; charge_cents: number }[] }) => (
    <ScrollTable label={`${title} in force`} minWidth={240}>
      <Table captionSide="top">
        <Table.Caption fw={600} c="var(--mantine-color-text)" ta="left">
          {title}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Max weight (lb)</Table.Th>
            <Table.Th scope="col">Charge</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {s.brackets.map((b) => (
            <Table.Tr key={b.max_lb}>
              <Table.Td>{b.max_lb}</Table.Td>
              <Table.Td>{formatMoney(b.charge_cents, currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
  return (
    <Card withBorder component="section" aria-labelledby="current-rates-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="current-rates-title">
          Rates in force
        </Title>
        <Text size="sm">
          {since(version)}. Exchange rate: <strong>{formatExchangeRate(r.exchange_rate, currency)}</strong>.
          Storage: {r.storage.free_days} days free after “ready for pickup”, then{' '}
          {formatMoney(r.storage.per_day_cents, currency)} a day. Minimum air freight{' '}
          {formatMoney(r.freight.air.minimum_cents, currency)}, sea{' '}
          {formatMoney(r.freight.sea.minimum_cents, currency)}.
        </Text>
        {brackets('Air freight', r.freight.air)}
        {brackets('Sea freight', r.freight.sea)}
        {brackets('Handling per parcel', r.handling)}
      </Stack>
    </Card>
  );
}

/** When a version started: the rates a company was set up with have been in force from its start. */
const since = (v: RateVersion) =>
  v.created_by ? `Since ${formatDateTime(v.effective_from)}` : 'Since the company was set up';

/** Scheduled changes (each with Delete) or the earlier rates: one row a version. */
export function VersionList({
  title,
  versions,
  currency,
  empty,
  onDelete,
}: {
  title: string;
  versions: RateVersion[];
  currency: string;
  empty: string;
  onDelete?: (v: RateVersion) => void;
}) {
  const id = `${title.toLowerCase().replace(/\W+/g, '-')}-title`;
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {versions.length === 0 ? (
          <Text size="sm">{empty}</Text>
        ) : (
          <ScrollTable label={title} minWidth={520}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Effective from</Table.Th>
                  <Table.Th scope="col">Rates</Table.Th>
                  <Table.Th scope="col">Entered by</Table.Th>
                  {onDelete ? <Table.Th scope="col">Actions</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {versions.map((v) => (
                  <Table.Tr key={v.id}>
                    <Table.Td>{v.created_by ? formatDateTime(v.effective_from) : 'From the start'}</Table.Td>
                    <Table.Td>
                      {rateSummary(v.rates, currency)}
                      {v.note ? <Text size="xs">{v.note}</Text> : null}
                    </Table.Td>
                    <Table.Td>{v.created_by?.name ?? 'Set up with the company'}</Table.Td>
                    {onDelete ? (
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="default"
                          color="red"
                          onClick={() => onDelete(v)}
                          aria-label={`Delete the rates from ${formatDateTime(v.effective_from)}`}
                        >
                          Delete
                        </Button>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Card>
  );
}
