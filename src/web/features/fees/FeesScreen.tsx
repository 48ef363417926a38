import '@mantine/core/styles/Table.css';
import './i18n';
import { ph } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, List, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Fees, WeightSchedule } from '../../../contract/fees';
import { currencySymbol, formatExchangeRate } from '../../../contract/format';
import { usePageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryStates';
import { ScrollTable } from '../../components/ScrollTable';
import { formatAmount, formatDay, formatRate, formatUsd } from '../../lib/money/money';
import { feesQueryOptions } from './api';

/** One part of the schedule: a card named for what it holds (the heading may say it in other words). */
function FeeCard({ label, title = label, children }: { label: string; title?: string; children: ReactNode }) {
  return (
    <Card padding="lg" component="section" aria-label={label}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Each bracket reads "up to N lb"; the first is "1 lb" and a 0 charge reads "Free". */
function WeightTable({
  title,
  schedule,
  currency,
}: {
  title: string;
  schedule: WeightSchedule;
  currency: string;
}) {
  const { t } = useLingui();
  const money = (cents: number) => (cents === 0 ? t`Free` : formatAmount(cents, currency));
  const largest = schedule.brackets.at(-1);
  const symbol = currencySymbol(currency);
  return (
    <FeeCard label={title}>
      <ScrollTable label={t`${title} table`} minWidth={260}>
        <Table striped verticalSpacing="xs">
          <Table.Caption>
            <Trans>
              {title} by weight, in {symbol} ({currency}); weights round up to the next pound.
            </Trans>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <Trans>Weight</Trans>
              </Table.Th>
              <Table.Th scope="col" ta="end">
                <Trans>Charge</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schedule.brackets.map((b) => (
              <Table.Tr key={b.max_lb}>
                <Table.Th scope="row" fw={400}>
                  <Trans>Up to {ph({ weight: b.max_lb })} lb</Trans>
                </Table.Th>
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                  {money(b.charge_cents)}
                </Table.Td>
              </Table.Tr>
            ))}
            {largest && (
              <Table.Tr>
                <Table.Th scope="row" fw={400}>
                  <Trans>Each pound over {ph({ weight: largest.max_lb })} lb</Trans>
                </Table.Th>
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                  + {formatAmount(schedule.excess_per_lb_cents, currency)}
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </FeeCard>
  );
}

/** The fee schedule as customers read it: freight and handling by weight, storage, customs, other charges. */
export function FeesTables({ fees }: { fees: Fees }) {
  const { currency, customs } = fees;
  const { t } = useLingui();
  const symbol = currencySymbol(currency);
  const freeDays = fees.storage.free_days;
  const perDay = formatAmount(fees.storage.per_day_cents, currency);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <WeightTable title={t`Freight`} schedule={fees.freight} currency={currency} />
        <WeightTable title={t`Handling`} schedule={fees.handling} currency={currency} />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <FeeCard label={t`Storage`}>
          <Text>
            <Trans>
              <strong>
                <Plural value={freeDays} one="# day free" other="# days free" />
              </strong>{' '}
              once your package is ready, then <strong>{perDay}</strong> a day.
            </Trans>
          </Text>
        </FeeCard>
        <FeeCard label={t`Customs charges`}>
          <List size="sm" spacing={4}>
            <List.Item>
              <Trans>
                No customs charges on goods worth {ph({ value: formatUsd(customs.de_minimis_usd_cents) })} or
                less.
              </Trans>
            </List.Item>
            <List.Item>
              <Trans>
                Customs administrative fee: {ph({ fee: formatAmount(customs.caf_cents, currency) })} per
                declaration.
              </Trans>
            </List.Item>
            <List.Item>
              <Trans>
                Insurance: {ph({ air: formatRate(customs.insurance_rate_air) })} by air,{' '}
                {ph({ sea: formatRate(customs.insurance_rate_sea) })} by sea.
              </Trans>
            </List.Item>
            <List.Item>
              <Trans>
                Standards compliance fee {ph({ scf: formatRate(customs.scf_rate) })}; environmental levy{' '}
                {ph({ levy: formatRate(customs.envl_rate) })}.
              </Trans>
            </List.Item>
            <List.Item>
              <Trans>
                Exchange rate: <bdi>{ph({ rate: formatExchangeRate(fees.exchange_rate, currency) })}</bdi>{' '}
                (rate of {ph({ date: formatDay(fees.exchange_rate_date) })}).
              </Trans>
            </List.Item>
          </List>
        </FeeCard>
      </SimpleGrid>

      {fees.other_charges.length > 0 && (
        <FeeCard label={t`Other charges`}>
          {/* On a phone the description goes under the charge's name, so the amount stays on screen. */}
          <ScrollTable label={t`Other charges table`} minWidth={300}>
            <Table striped verticalSpacing="xs">
              <Table.Caption>
                <Trans>
                  Other charges in {symbol} ({currency}), when they apply
                </Trans>
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">
                    <Trans>Charge</Trans>
                  </Table.Th>
                  <Table.Th scope="col" visibleFrom="sm">
                    <Trans>When it applies</Trans>
                  </Table.Th>
                  <Table.Th scope="col" ta="end">
                    <Trans>Amount</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fees.other_charges.map((c) => (
                  <Table.Tr key={c.code}>
                    <Table.Th scope="row">
                      {c.name}
                      <Text size="sm" c="dimmed" fw={400} hiddenFrom="sm">
                        {c.description}
                      </Text>
                    </Table.Th>
                    <Table.Td visibleFrom="sm">{c.description}</Table.Td>
                    <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                      {formatAmount(c.amount_cents, currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </FeeCard>
      )}

      {fees.notes.length > 0 && (
        <FeeCard label={t`Notes`} title={t`Good to know`}>
          <List size="sm" spacing={4}>
            {fees.notes.map((note) => (
              <List.Item key={note}>{note}</List.Item>
            ))}
          </List>
        </FeeCard>
      )}
    </Stack>
  );
}

/** /user/fees: the company's fee schedule, from the same settings the estimator and invoices use. */
export function FeesScreen() {
  const { t } = useLingui();
  usePageTitle(t`Fees`);
  const fees = useQuery(feesQueryOptions());
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          <Trans>Fees</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>What we charge to bring your packages home, before customs.</Trans>
        </Text>
      </div>
      <Button
        component={Link}
        to="/user/packages/cost-estimator"
        variant="light"
        leftSection={<IconCalculator size={18} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
      >
        <Trans>Estimate an item's cost</Trans>
      </Button>
      {fees.isPending ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label={t`Loading the fees`}>
          <Skeleton h={320} radius="md" />
          <Skeleton h={160} radius="md" />
        </Stack>
      ) : fees.isError ? (
        <QueryError
          title={t`Could not load the fees`}
          error={fees.error}
          onRetry={() => void fees.refetch()}
        />
      ) : (
        <FeesTables fees={fees.data} />
      )}
    </Stack>
  );
}
