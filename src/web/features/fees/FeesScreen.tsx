import '@mantine/core/styles/Table.css';
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
  const money = (cents: number) => (cents === 0 ? 'Free' : formatAmount(cents, currency));
  const largest = schedule.brackets.at(-1);
  return (
    <FeeCard label={title}>
      <ScrollTable label={`${title} table`} minWidth={260}>
        <Table striped verticalSpacing="xs">
          <Table.Caption>
            {title} by weight, in {currencySymbol(currency)} ({currency}); weights round up to the next pound.
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Weight</Table.Th>
              <Table.Th scope="col" ta="right">
                Charge
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schedule.brackets.map((b) => (
              <Table.Tr key={b.max_lb}>
                <Table.Th scope="row" fw={400}>
                  Up to {b.max_lb} lb
                </Table.Th>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(b.charge_cents)}
                </Table.Td>
              </Table.Tr>
            ))}
            {largest && (
              <Table.Tr>
                <Table.Th scope="row" fw={400}>
                  Each pound over {largest.max_lb} lb
                </Table.Th>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
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
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <WeightTable title="Freight" schedule={fees.freight} currency={currency} />
        <WeightTable title="Handling" schedule={fees.handling} currency={currency} />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <FeeCard label="Storage">
          <Text>
            <strong>{fees.storage.free_days} days free</strong> once your package is ready, then{' '}
            <strong>{formatAmount(fees.storage.per_day_cents, currency)}</strong> a day.
          </Text>
        </FeeCard>
        <FeeCard label="Customs charges">
          <List size="sm" spacing={4}>
            <List.Item>
              No customs charges on goods worth {formatUsd(customs.de_minimis_usd_cents)} or less.
            </List.Item>
            <List.Item>
              Customs administrative fee: {formatAmount(customs.caf_cents, currency)} per declaration.
            </List.Item>
            <List.Item>
              Insurance: {formatRate(customs.insurance_rate_air)} by air,{' '}
              {formatRate(customs.insurance_rate_sea)} by sea.
            </List.Item>
            <List.Item>
              Standards compliance fee {formatRate(customs.scf_rate)}; environmental levy{' '}
              {formatRate(customs.envl_rate)}.
            </List.Item>
            <List.Item>
              Exchange rate: {formatExchangeRate(fees.exchange_rate, currency)} (rate of{' '}
              {formatDay(fees.exchange_rate_date)}).
            </List.Item>
          </List>
        </FeeCard>
      </SimpleGrid>

      {fees.other_charges.length > 0 && (
        <FeeCard label="Other charges">
          {/* On a phone the description goes under the charge's name, so the amount stays on screen. */}
          <ScrollTable label="Other charges table" minWidth={300}>
            <Table striped verticalSpacing="xs">
              <Table.Caption>
                Other charges in {currencySymbol(currency)} ({currency}), when they apply
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Charge</Table.Th>
                  <Table.Th scope="col" visibleFrom="sm">
                    When it applies
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Amount
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
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
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
        <FeeCard label="Notes" title="Good to know">
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
  usePageTitle('Fees');
  const fees = useQuery(feesQueryOptions());
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Fees
        </Title>
        <Text c="dimmed">What we charge to bring your packages home, before customs.</Text>
      </div>
      <Button
        component={Link}
        to="/user/packages/cost-estimator"
        variant="light"
        leftSection={<IconCalculator size={18} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
      >
        Estimate an item's cost
      </Button>
      {fees.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the fees">
          <Skeleton h={320} radius="md" />
          <Skeleton h={160} radius="md" />
        </Stack>
      ) : fees.isError ? (
        <QueryError title="Could not load the fees" error={fees.error} onRetry={() => void fees.refetch()} />
      ) : (
        <FeesTables fees={fees.data} />
      )}
    </Stack>
  );
}
