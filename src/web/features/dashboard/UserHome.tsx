import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingWarehouse, IconMailbox, IconPlaneDeparture } from '@tabler/icons-react';
import { Children, type ReactNode } from 'react';
import type { Company } from '../../../contract/companies';
import type { User } from '../../../contract/users';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { PreAlertButton } from '../../components/PackageLinks';
import { usePageTitle } from '../../components/PageTitle';
import { MailboxNumber, ShippingAddress } from '../../components/ShippingAddress';
import { AccountFigures } from './AccountFigures';
import type { SummaryState } from './api';
import { StorageEndingSoon } from './StorageEndingSoon';
import classes from './UserHome.module.css';

export interface UserHomeProps {
  user: User | undefined;
  company: Company | undefined;
  /** The balance due and points (see useAccountSummary); left out, the figures are not shown. */
  summary?: SummaryState | undefined;
  /** The package sections (counts by status, recent packages), composed by the route. */
  children?: ReactNode;
}

/** /user: the greeting, the balance due and points, the mailbox number, where to ship, what is on its way, and the pre-alert call to action. */
export function UserHome({ user, company, summary, children }: UserHomeProps) {
  const { t } = useLingui();
  usePageTitle(t`Dashboard`);
  if (!user) {
    // The sections below need no user: they load (and show) beside the greeting's skeleton.
    return (
      <Stack gap="lg">
        <Stack role="status" aria-busy="true" aria-label={t`Loading your dashboard`}>
          <Skeleton h={36} w={280} />
          <Skeleton h={160} />
        </Stack>
        {children}
      </Stack>
    );
  }
  const firstName = user.first_name;
  const companyName = company?.name;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          <Trans>Welcome, {firstName}!</Trans>
        </Title>
        <Text c="dimmed">
          {companyName
            ? t`Shop online and ship to ${companyName}'s US warehouse.`
            : t`Your shipping details are below.`}
        </Text>
      </div>
      {summary && <AccountFigures summary={summary} />}
      <StorageEndingSoon items={summary?.data?.storage_ending_soon} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="lg">
          <Card padding="lg" radius="md">
            <Group gap="xs" mb="sm">
              <IconMailbox size={22} aria-hidden />
              <Title order={2} fz="lg">
                <Trans>Your mailbox number</Trans>
              </Title>
            </Group>
            <MailboxNumber value={user.mailbox_number} fz={32} testId="mailbox-number" />
            <Text size="sm" c="dimmed" mt="xs">
              <Trans>Put it on every parcel so the warehouse knows it is yours.</Trans>
            </Text>
          </Card>
          <Card padding="lg" radius="md" className={classes.cta}>
            <Group gap="xs" mb="xs">
              <IconPlaneDeparture size={22} aria-hidden />
              <Title order={2} fz="lg">
                <Trans>Something on its way?</Trans>
              </Title>
            </Group>
            <Text size="sm" mb="md">
              <Trans>
                Pre-alert it with the invoice: the warehouse matches it to you on arrival and customs clears
                it faster.
              </Trans>
            </Text>
            <PreAlertButton />
          </Card>
        </Stack>
        <AfterFirstPaint>
          <Card padding="lg" radius="md">
            <Group gap="xs" mb="sm" justify="space-between">
              <Group gap="xs">
                <IconBuildingWarehouse size={22} aria-hidden />
                <Title order={2} fz="lg">
                  <Trans>Your US shipping address</Trans>
                </Title>
              </Group>
              <Badge variant="light" tt="none">
                <Trans>Use at checkout</Trans>
              </Badge>
            </Group>
            {company ? (
              <Stack gap="sm">
                <ShippingAddress
                  recipient={user}
                  warehouse={company}
                  testId="warehouse-address"
                  copyVariant="filled"
                />
              </Stack>
            ) : (
              <Text c="dimmed">
                <Trans>The warehouse address is not available right now.</Trans>
              </Text>
            )}
          </Card>
        </AfterFirstPaint>
      </SimpleGrid>
      {/* Below a phone's fold: drawn just after the cards above, one section per task (see AfterFirstPaint). */}
      {Children.toArray(children).map((section, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the route's sections are fixed, in a fixed order
        <AfterFirstPaint key={i}>{section}</AfterFirstPaint>
      ))}
    </Stack>
  );
}
