import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsJoin,
  IconBuildingWarehouse,
  IconChevronRight,
  IconFileImport,
  IconPackage,
  IconQuestionMark,
  IconScan,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { formatDecimal } from '../../../contract/format';
import { LoadingRows, QueryError } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { formatMoney } from '../../lib/format';
import { dashboardQueryOptions, localDay } from './api';
import { OnlinePaymentsToCheck } from './OnlinePaymentsToCheck';

/** Plain links (their targets are other features' screens), followed inside the app. */
function useFollow() {
  const router = useRouter();
  return (href: string) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button === 1) return;
    event.preventDefault();
    void router.navigate({ href });
  };
}

function Figure(props: {
  label: string;
  value: number;
  hint: ReactNode;
  href: string;
  icon: ReactNode;
  alert?: boolean;
  testId: string;
}) {
  const follow = useFollow();
  return (
    <Card
      component="a"
      href={props.href}
      onClick={follow(props.href)}
      padding="lg"
      withBorder
      data-testid={props.testId}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} c="dimmed">
            {props.label}
          </Text>
          <Text
            fz={32}
            fw={800}
            lh={1.2}
            c={props.alert && props.value > 0 ? 'var(--mantine-color-error)' : undefined}
          >
            {formatDecimal(props.value, 0)}
          </Text>
          <Text size="sm" c="dimmed">
            {props.hint}
          </Text>
        </Stack>
        <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
          {props.icon}
        </ThemeIcon>
      </Group>
      <Text size="sm" fw={600} c="var(--mantine-color-anchor)" mt="sm">
        <Trans>Open the list</Trans>{' '}
        <IconChevronRight size={14} aria-hidden className="mirror-rtl" style={{ verticalAlign: 'middle' }} />
      </Text>
    </Card>
  );
}

/** /admin: today's work, each figure a way into the list that holds it. */
export function AdminToday() {
  const day = localDay();
  const query = useQuery(dashboardQueryOptions(day.since));
  const follow = useFollow();
  const d = query.data;
  const { t } = useLingui();
  return (
    <Stack gap="lg">
      <ScreenHeader
        title={t`Today`}
        description={t`What needs doing: each figure opens its list.`}
        action={
          <Group gap="sm">
            <Button
              component="a"
              href="/admin/receive"
              onClick={follow('/admin/receive')}
              leftSection={<IconScan size={18} aria-hidden />}
              size="md"
            >
              <Trans>Receive parcels</Trans>
            </Button>
            <Button
              component="a"
              href="/admin/import"
              onClick={follow('/admin/import')}
              variant="light"
              leftSection={<IconFileImport size={18} aria-hidden />}
              size="md"
            >
              <Trans>Import receipts</Trans>
            </Button>
          </Group>
        }
      />
      {query.isPending ? (
        <LoadingRows label={t`Loading today’s work`} count={3} h={120} />
      ) : !d ? (
        <QueryError
          title={t`Today’s work could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Figure
            testId="received-today"
            label={t`Received today`}
            value={d.received_today}
            hint={t`Parcels in at the warehouse since midnight`}
            href={`/admin/packages?from=${day.date}&to=${day.date}`}
            icon={<IconBuildingWarehouse size={20} />}
          />
          <Figure
            testId="unassigned"
            label={t`Unassigned parcels`}
            value={d.unassigned}
            hint={t`Received for nobody we could find`}
            href="/admin/packages?unassigned=1"
            icon={<IconQuestionMark size={20} />}
            alert
          />
          <Figure
            testId="unmatched-prealerts"
            label={t`Unmatched pre-alerts`}
            value={d.unmatched_prealerts}
            hint={t`Announced by customers, not yet arrived or matched`}
            href="/admin/prealerts"
            icon={<IconArrowsJoin size={20} />}
          />
          <Figure
            testId="ready-for-pickup"
            label={t`Ready for pickup`}
            value={d.ready_for_pickup}
            hint={t`Waiting at the counter`}
            href="/admin/packages?status=ready_for_pickup"
            icon={<IconPackage size={20} />}
          />
          <Figure
            testId="overdue-invoices"
            label={t`Overdue invoices`}
            value={d.overdue_invoices}
            hint={
              d.overdue_invoices > 0
                ? t`${{ amount: formatMoney(d.overdue_total_cents, d.currency) }} past due`
                : t`Nothing past due`
            }
            href="/admin/invoice/list?status=overdue"
            icon={<IconAlertTriangle size={20} />}
            alert
          />
        </SimpleGrid>
      )}
      <OnlinePaymentsToCheck />
    </Stack>
  );
}
