import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { PlatformCompany, UpdatePlatformCompanyBody } from '../../../../contract/platform';
import { errorMessage } from '../../../lib/api';

/**
 * Deactivate or reactivate, after a confirmation that says what it does. The platform's own company cannot be
 * switched off (the server refuses too): the button is not offered.
 */
export function CompanyStatus({
  company,
  update,
  busy,
}: {
  company: PlatformCompany;
  update: (body: UpdatePlatformCompanyBody) => Promise<PlatformCompany>;
  busy: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const active = company.status === 'active';
  const label = active ? 'Deactivate' : 'Reactivate';
  if (company.is_platform) {
    return <Text>This is the platform’s own company: it cannot be deactivated.</Text>;
  }
  const confirm = () =>
    update({ status: active ? 'inactive' : 'active' }).then(
      (c) => {
        setConfirming(false);
        notifications.show({
          color: 'green',
          message: c.status === 'active' ? `${c.name} is open again` : `${c.name} is deactivated`,
        });
      },
      (e: unknown) =>
        notifications.show({ color: 'red', title: 'That did not work', message: errorMessage(e) }),
    );
  return (
    <Stack gap="sm" align="flex-start">
      <Text>
        {active
          ? 'Deactivating closes the company’s hosts at once (they show “not found”). Nothing is deleted.'
          : 'The company is closed: its hosts show “not found”. Reactivating opens them again with all its data.'}
      </Text>
      <Button
        variant={active ? 'outline' : 'light'}
        // red.9: Mantine's default red is 3.3:1 on white, below WCAG's 4.5:1.
        color={active ? 'red.9' : undefined}
        onClick={() => setConfirming(true)}
        mih={44}
      >
        {label}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={`${label} ${company.name}?`}
      >
        <Stack gap="md">
          <Text>
            {active
              ? `${company.hosts.join(', ')} will show “not found” to everyone, staff included, until it is reactivated.`
              : `${company.hosts.join(', ')} will serve ${company.name} again.`}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} mih={44}>
              Cancel
            </Button>
            <Button
              color={active ? 'red.9' : undefined}
              loading={busy}
              onClick={() => void confirm()}
              mih={44}
              data-autofocus
            >
              {`${label} company`}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
