import '@mantine/core/styles/Table.css';
import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Card, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useId } from 'react';
import type { DutyEstimate } from '../../../../contract/duty';
import { currencySymbol, formatDecimal, formatExchangeRate, formatWeight } from '../../../../contract/format';
import { ScrollTable } from '../../../components/ScrollTable';
import { formatAmount, formatDay, formatRate, formatUsd } from '../../../lib/money/money';

/** The goods value line carries the exchange rate (J$ per US$); the others a fraction of a base. */
export function lineRate(code: string, rate: string | null): string {
  if (rate === null) return '';
  if (code === 'value') return `× ${formatDecimal(rate, 4)}`;
  return formatRate(rate);
}

/** Subtotals read as subtotals: the customs total and the grand total stand out. */
const STRONG_LINES = new Set(['cif', 'customs_total', 'total']);

/** What customs charges are computed on (the goods' value plus freight and insurance): not paid as such. */
const BASIS_LINES = ['value', 'freight', 'insurance', 'cif'];
/** What makes the total, in the order it adds up: customs charges, their subtotal, then freight and handling. */
const CUSTOMS_LINES = ['duty', 'scf', 'envl', 'gct', 'stamp', 'caf', 'customs_total'];
const CHARGE_LINES = [...CUSTOMS_LINES, 'freight', 'handling', 'total'];

type Line = DutyEstimate['lines'][number];

function pick(lines: Line[], codes: string[]): Line[] {
  return codes.flatMap((code) => lines.filter((l) => l.code === code));
}

function LinesTable({ caption, lines, currency }: { caption: string; lines: Line[]; currency: string }) {
  const symbol = currencySymbol(currency);
  return (
    // A phone's card is under 300 px wide inside: the two columns fit it, nothing scrolls sideways.
    <ScrollTable label={caption} minWidth={260}>
      <Table verticalSpacing="xs" striped captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Trans>Item</Trans>
            </Table.Th>
            {/* Each label already names its rate; on a phone the column only pushes the amounts off screen. */}
            <Table.Th scope="col" ta="end" visibleFrom="sm">
              <Trans>Rate</Trans>
            </Table.Th>
            <Table.Th scope="col" ta="end">
              <Trans>Amount ({symbol})</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => {
            const strong = STRONG_LINES.has(line.code);
            return (
              <Table.Tr key={line.code} data-line={line.code} fw={strong ? 700 : undefined}>
                <Table.Th scope="row" fw={strong ? 700 : 400}>
                  {line.label}
                </Table.Th>
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }} visibleFrom="sm" dir="ltr">
                  {lineRate(line.code, line.rate)}
                </Table.Td>
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }} dir="ltr">
                  {formatAmount(line.amount_cents, currency)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

export function EstimateResult({ estimate }: { estimate: DutyEstimate }) {
  const headingId = useId();
  const { currency } = estimate;
  const basis = pick(estimate.lines, BASIS_LINES);
  // Any line the server adds later still shows, with the charges.
  const known = new Set([...BASIS_LINES, ...CHARGE_LINES]);
  const charges = [
    ...pick(estimate.lines, CHARGE_LINES).filter((l) => l.code !== 'total'),
    ...estimate.lines.filter((l) => !known.has(l.code)),
    ...pick(estimate.lines, ['total']),
  ];
  const { t } = useLingui();
  const total = formatAmount(estimate.total, currency);
  const category = estimate.category.name;
  const usd = formatUsd(estimate.value_usd_cents);
  const charged = formatWeight(estimate.chargeable_weight_lb);
  const weighs = formatWeight(estimate.weight_lb);
  const rounded = Number(estimate.weight_lb) !== Number(estimate.chargeable_weight_lb);
  const limit = formatUsd(estimate.de_minimis_usd_cents);
  const rate = formatExchangeRate(estimate.exchange_rate, currency);
  const day = formatDay(estimate.exchange_rate_date);
  const duty = formatRate(estimate.rates.duty);
  const gct = formatRate(estimate.rates.gct);
  return (
    <Card padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id={headingId}>
            <Trans>
              Estimated cost: <bdi>{total}</bdi>
            </Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>
              {category} · {usd} · {charged} charged
            </Trans>
            {rounded && ` ${t`(weighs ${weighs}, rounded up)`}`} ·{' '}
            {estimate.shipping_method === 'sea' ? t`by sea` : t`by air`}
          </Text>
        </div>

        {estimate.warning && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title={t`Close to the US$100 limit`}
          >
            {estimate.warning}
          </Alert>
        )}
        {estimate.de_minimis_applied && (
          <Text size="sm">
            <Trans>Goods worth {limit} or less pay no customs charges.</Trans>
          </Text>
        )}

        <LinesTable caption={t`What you pay, in ${currency}`} lines={charges} currency={currency} />
        {basis.length > 0 && (
          <LinesTable
            caption={t`What customs charges are computed on (not paid as such), in ${currency}`}
            lines={basis}
            currency={currency}
          />
        )}

        <Text size="sm">
          <Trans>
            Exchange rate: {rate} (rate of {day}). Duty {duty}, GCT {gct}.
          </Trans>
        </Text>
        {/* The disclaimer says it is an estimate: a title saying so again would only repeat it. */}
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {estimate.disclaimer}
        </Alert>
      </Stack>
    </Card>
  );
}
