import './i18n';
import { Trans } from '@lingui/react/macro';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import type { Profile } from '../../../contract/profile';
import { MailboxNumber, ShippingAddress } from '../../components/ShippingAddress';

/** Read-only: the mailbox number and the US warehouse address with it, each part with a copy button. */
export function MailboxCard({ profile }: { profile: Profile }) {
  return (
    <Card padding="lg" component="section" aria-labelledby="mailbox-heading">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconBuildingWarehouse size={22} aria-hidden />
        <Title order={2} fz="lg" id="mailbox-heading">
          <Trans>Your mailbox and US address</Trans>
        </Title>
      </Group>
      <Stack gap="sm">
        <div>
          <Text size="sm" c="dimmed">
            <Trans>Mailbox number</Trans>
          </Text>
          <MailboxNumber value={profile.mailbox_number} fz={28} testId="profile-mailbox-number" />
        </div>
        <ShippingAddress
          recipient={{ name: profile.user.name, mailbox_number: profile.mailbox_number }}
          warehouse={profile}
          testId="profile-address"
          copyVariant="default"
        />
        <Text size="sm" c="dimmed">
          <Trans>Put your mailbox number on every parcel so the warehouse knows it is yours.</Trans>
        </Text>
      </Stack>
    </Card>
  );
}
