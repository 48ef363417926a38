import '../i18n';
import { plural, t } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime, formatExchangeRate, formatMoney } from '../../../../contract/format';
import type { RateSet, RateVersion } from '../../../../contract/rates';
import { ScrollTable } from '../../../components/ScrollTable';

/** A rate set in a line or two: what an admin compares between versions. */
export function rateSummary(r: RateSet, currency: string): string {
  const air = r.freight.air.brackets[0];
  const from = air ? formatMoney(air.charge_cents, currency) : '—';
  const count = r.freight.air.brackets.length;
  const rate = formatExchangeRate(r.exchange_rate, currency);
  const free = r.storage.free_days;
  const perDay = formatMoney(r.storage.per_day_cents, currency);
  return [
    plural(count, { one: `Air from ${from} (# bracket)`, other: `Air from ${from} (# brackets)` }),
    t`exchange rate ${rate}`,
    plural(free, {
      one: `storage # day free, then ${perDay} a day`,
      other: `storage # days free, then ${perDay} a day`,
    }),
  ].join('; ');
}

/** The rates in force: their brackets per mode, handling, storage and exchange rate. */
export function CurrentRates({ version, currency }: { version: RateVersion | null; currency: string }) {
  const { t } = useLingui();
  if (!version) {
    return (
      <Text>
        <Trans>No rates are in force yet.</Trans>
      </Text>
    );
  }
  const r = version.rates;
  const start = since(version);
  const rate = formatExchangeRate(r.exchange_rate, currency);
  const free = r.storage.free_days;
  const perDay = formatMoney(r.storage.per_day_cents, currency);
  const air = formatMoney(r.freight.air.minimum_cents, currency);
  const sea = formatMoney(r.freight.sea.minimum_cents, currency);
  const brackets = (title: string, s: { brackets: { max_lb: number; charge_cents: number }[] }) => (
    <ScrollTable label={t`${title} in force`} minWidth={240}>
      <Table captionSide="top">
        <Table.Caption fw={600} c="var(--mantine-color-text)" ta="start">
          {title}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Trans>Max weight (lb)</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Charge</Trans>
            </Table.Th>
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
          <Trans>Rates in force</Trans>
        </Title>
        <Text size="sm">
          <Trans>
            {start}. Exchange rate: <strong>{rate}</strong>.
          </Trans>{' '}
          <Plural
            value={free}
            one={`Storage: # day free after “ready for pickup”, then ${perDay} a day.`}
            other={`Storage: # days free after “ready for pickup”, then ${perDay} a day.`}
          />{' '}
          <Trans>
            Minimum air freight {air}, sea {sea}.
          </Trans>
        </Text>
        {brackets(t`Air freight`, r.freight.air)}
        {brackets(t`Sea freight`, r.freight.sea)}
        {brackets(t`Handling per parcel`, r.handling)}
      </Stack>
    </Card>
  );
}

/** When a version started: the rates a company was set up with have been in force from its start. */
const since = (v: RateVersion) => {
  const from = formatDateTime(v.effective_from);
  return v.created_by ? t`Since ${from}` : t`Since the company was set up`;
};

/** Scheduled changes (each with Delete) or the earlier rates: one row a version. */
export function VersionList({
  id,
  title,
  versions,
  currency,
  empty,
  onDelete,
}: {
  /** The heading's id (not made from the title: a translated title may have no Latin letter). */
  id: string;
  title: string;
  versions: RateVersion[];
  currency: string;
  empty: string;
  onDelete?: (v: RateVersion) => void;
}) {
  const { t } = useLingui();
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
                  <Table.Th scope="col">
                    <Trans>Effective from</Trans>
                  </Table.Th>
                  <Table.Th scope="col">
                    <Trans>Rates</Trans>
                  </Table.Th>
                  <Table.Th scope="col">
                    <Trans>Entered by</Trans>
                  </Table.Th>
                  {onDelete ? (
                    <Table.Th scope="col">
                      <Trans>Actions</Trans>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {versions.map((v) => {
                  const from = formatDateTime(v.effective_from);
                  return (
                    <Table.Tr key={v.id}>
                      <Table.Td>{v.created_by ? from : t`From the start`}</Table.Td>
                      <Table.Td>
                        {rateSummary(v.rates, currency)}
                        {v.note ? <Text size="xs">{v.note}</Text> : null}
                      </Table.Td>
                      <Table.Td>{v.created_by?.name ?? t`Set up with the company`}</Table.Td>
                      {onDelete ? (
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="default"
                            color="red"
                            onClick={() => onDelete(v)}
                            aria-label={t`Delete the rates from ${from}`}
                          >
                            <Trans>Delete</Trans>
                          </Button>
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Card>
  );
}
