import {
  ActionIcon,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconBuildingWarehouse,
  IconCheck,
  IconCopy,
  IconMailbox,
  IconPlaneDeparture,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Company } from '../../../contract/companies';
import type { User } from '../../../contract/users';
import { usePageTitle } from '../../components/PageTitle';
import { AccountFigures } from './AccountFigures';
import type { SummaryState } from './api';
import classes from './UserHome.module.css';

export interface UserHomeProps {
  user: User | undefined;
  company: Company | undefined;
  /** The balance due and points (see useAccountSummary); left out, the figures are not shown. */
  summary?: SummaryState | undefined;
  /** The package sections (counts by status, recent packages), composed by the route. */
  children?: ReactNode;
}

export interface AddressField {
  label: string;
  value: string;
}

/**
 * The US address as a customer types it into a checkout form: the mailbox number goes right after
 * address line 1, so the warehouse knows whose parcel it is.
 */
export function shippingAddressFields(user: User, company: Company): AddressField[] {
  const a = company.warehouse_address;
  return [
    { label: 'Full name', value: user.name },
    { label: 'Address line 1', value: `${a.line1} ${user.mailbox_number}` },
    { label: 'Address line 2', value: a.line2 },
    { label: 'City', value: a.city },
    { label: 'State', value: a.state },
    { label: 'ZIP code', value: a.postal_code },
    { label: 'Country', value: a.country },
    { label: 'Phone', value: a.phone },
  ].filter((f) => f.value.trim() !== '');
}

/** The same address as lines on a label: name, street + mailbox, line 2, "City, ST 12345", country, phone. */
export function shippingAddressLines(user: User, company: Company): string[] {
  const a = company.warehouse_address;
  return [
    user.name,
    `${a.line1} ${user.mailbox_number}`,
    a.line2,
    `${a.city}, ${a.state} ${a.postal_code}`,
    a.country,
    a.phone,
  ].filter((line) => line.trim() !== '');
}

function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'green' : 'gray'}
            onClick={copy}
            aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function ShippingAddress({ user, company }: { user: User; company: Company }) {
  const fields = shippingAddressFields(user, company);
  const text = shippingAddressLines(user, company).join('\n');
  return (
    <Stack gap="sm">
      <address aria-label="US warehouse address" data-testid="warehouse-address" className={classes.address}>
        <dl className={classes.fields}>
          {fields.map((f) => (
            <div key={f.label} className={classes.field}>
              <dt className={classes.label}>{f.label}</dt>
              <dd className={classes.value}>
                <span>{f.value}</span>
                <CopyValue value={f.value} label={f.label} />
              </dd>
            </div>
          ))}
        </dl>
      </address>
      <CopyButton value={text} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            variant={copied ? 'light' : 'filled'}
            color={copied ? 'green' : undefined}
            leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            onClick={copy}
            aria-live="polite"
          >
            {copied ? 'Address copied' : 'Copy address'}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/** /user: the greeting, the balance due and points, the mailbox number, where to ship, what is on its way, and the pre-alert call to action. */
export function UserHome({ user, company, summary, children }: UserHomeProps) {
  usePageTitle('Dashboard');
  if (!user) {
    return (
      <Stack aria-busy="true" aria-label="Loading your dashboard">
        <Skeleton h={36} w={280} />
        <Skeleton h={160} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Welcome, {user.first_name}!
        </Title>
        <Text c="dimmed">
          {company
            ? `Shop online and ship to ${company.name}'s US warehouse.`
            : 'Your shipping details are below.'}
        </Text>
      </div>
      {summary && <AccountFigures summary={summary} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="lg">
          <Card padding="lg" radius="md">
            <Group gap="xs" mb="sm">
              <IconMailbox size={22} aria-hidden />
              <Title order={2} fz="lg">
                Your mailbox number
              </Title>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Text fz={32} fw={800} c="brand" data-testid="mailbox-number">
                {user.mailbox_number}
              </Text>
              <CopyValue value={user.mailbox_number} label="Mailbox number" />
            </Group>
            <Text size="sm" c="dimmed" mt="xs">
              Put it on every parcel so the warehouse knows it is yours.
            </Text>
          </Card>
          <Card padding="lg" radius="md" className={classes.cta}>
            <Group gap="xs" mb="xs">
              <IconPlaneDeparture size={22} aria-hidden />
              <Title order={2} fz="lg">
                Something on its way?
              </Title>
            </Group>
            <Text size="sm" mb="md">
              Pre-alert it with the invoice: the warehouse matches it to you on arrival and customs clears it
              faster.
            </Text>
            <Button
              component={Link}
              to="/user/packages/pre-alert"
              leftSection={<IconPlaneDeparture size={18} aria-hidden />}
            >
              Pre-alert a package
            </Button>
          </Card>
        </Stack>
        <Card padding="lg" radius="md">
          <Group gap="xs" mb="sm" justify="space-between">
            <Group gap="xs">
              <IconBuildingWarehouse size={22} aria-hidden />
              <Title order={2} fz="lg">
                Your US shipping address
              </Title>
            </Group>
            <Badge variant="light" tt="none">
              Use at checkout
            </Badge>
          </Group>
          {company ? (
            <ShippingAddress user={user} company={company} />
          ) : (
            <Text c="dimmed">The warehouse address is not available right now.</Text>
          )}
        </Card>
      </SimpleGrid>
      {children}
    </Stack>
  );
}
