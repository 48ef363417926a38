import { ActionIcon, Button, Card, CopyButton, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconBuildingWarehouse, IconCheck, IconCopy } from '@tabler/icons-react';
import type { Profile } from '../../../contract/profile';
import classes from './MailboxCard.module.css';

export interface AddressField {
  label: string;
  value: string;
}

/**
 * The US address as the customer types it at a store's checkout. Written the same way as on the dashboard: the
 * mailbox number right after address line 1, so the warehouse knows whose parcel it is.
 */
export function profileAddressFields(profile: Profile): AddressField[] {
  const a = profile.warehouse_address;
  return [
    { label: 'Full name', value: profile.user.name },
    { label: 'Address line 1', value: `${a.line1} ${profile.mailbox_number}` },
    { label: 'Address line 2', value: a.line2 },
    { label: 'City', value: a.city },
    { label: 'State', value: a.state },
    { label: 'ZIP code', value: a.postal_code },
    { label: 'Country', value: a.country },
    { label: 'Phone', value: a.phone },
  ].filter((f) => f.value.trim() !== '');
}

/** The same address as lines on a label: name, street + mailbox, line 2, "City, ST 12345", country, phone. */
export function profileAddressLines(profile: Profile): string[] {
  const a = profile.warehouse_address;
  return [
    profile.user.name,
    `${a.line1} ${profile.mailbox_number}`,
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

/** Read-only: the mailbox number and the US warehouse address with it, each part with a copy button. */
export function MailboxCard({ profile }: { profile: Profile }) {
  const fields = profileAddressFields(profile);
  return (
    <Card padding="lg" component="section" aria-labelledby="mailbox-heading">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconBuildingWarehouse size={22} aria-hidden />
        <Title order={2} fz="lg" id="mailbox-heading">
          Your mailbox and US address
        </Title>
      </Group>
      <Stack gap="sm">
        <div>
          <Text size="sm" c="dimmed">
            Mailbox number
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text fz={28} fw={800} c="brand" data-testid="profile-mailbox-number">
              {profile.mailbox_number}
            </Text>
            <CopyValue value={profile.mailbox_number} label="Mailbox number" />
          </Group>
        </div>
        <address aria-label="US warehouse address" data-testid="profile-address" className={classes.address}>
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
        <CopyButton value={profileAddressLines(profile).join('\n')} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'default'}
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              onClick={copy}
              aria-live="polite"
            >
              {copied ? 'Address copied' : 'Copy address'}
            </Button>
          )}
        </CopyButton>
        <Text size="sm" c="dimmed">
          Put your mailbox number on every parcel so the warehouse knows it is yours.
        </Text>
      </Stack>
    </Card>
  );
}
