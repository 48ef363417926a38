import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingWarehouse, IconMailbox } from '@tabler/icons-react';
import type { Company } from '../../../contract/companies';
import type { User } from '../../../contract/users';

export interface UserHomeProps {
  user: User | undefined;
  company: Company | undefined;
}

/** The lines a customer writes on a parcel: the US warehouse address with their mailbox number in it. */
export function shippingAddressLines(user: User, company: Company): string[] {
  const a = company.warehouse_address;
  return [
    `${user.name} (${user.mailbox_number})`,
    a.line1,
    [a.line2, user.mailbox_number].filter(Boolean).join(' '),
    `${a.city}, ${a.state} ${a.postal_code}`,
    a.country,
    a.phone ? `Tel. ${a.phone}` : '',
  ].filter(Boolean);
}

/** /user: the greeting, the mailbox number, and where to ship. */
export function UserHome({ user, company }: UserHomeProps) {
  if (!user) {
    return (
      <Stack>
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
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card padding="lg" radius="md">
          <Group gap="xs" mb="sm">
            <IconMailbox size={22} aria-hidden />
            <Title order={2} fz="lg">
              Your mailbox number
            </Title>
          </Group>
          <Text fz={32} fw={800} c="brand" data-testid="mailbox-number">
            {user.mailbox_number}
          </Text>
          <Text size="sm" c="dimmed" mt="xs">
            Put it on every parcel so the warehouse knows it is yours.
          </Text>
        </Card>
        <Card padding="lg" radius="md">
          <Group gap="xs" mb="sm" justify="space-between">
            <Group gap="xs">
              <IconBuildingWarehouse size={22} aria-hidden />
              <Title order={2} fz="lg">
                Your US shipping address
              </Title>
            </Group>
            <Badge variant="light">Use at checkout</Badge>
          </Group>
          {company ? (
            <address
              style={{ fontStyle: 'normal' }}
              aria-label="US warehouse address"
              data-testid="warehouse-address"
            >
              {shippingAddressLines(user, company).map((line) => (
                <Text key={line}>{line}</Text>
              ))}
            </address>
          ) : (
            <Text c="dimmed">The warehouse address is not available right now.</Text>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
