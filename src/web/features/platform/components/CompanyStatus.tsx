import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const active = company.status === 'active';
  const label = active ? t`Deactivate` : t`Reactivate`;
  const name = company.name;
  const hosts = company.hosts.join(', ');
  if (company.is_platform) {
    return (
      <Text>
        <Trans>This is the platform’s own company: it cannot be deactivated.</Trans>
      </Text>
    );
  }
  const confirm = () =>
    update({ status: active ? 'inactive' : 'active' }).then(
      (c) => {
        setConfirming(false);
        const saved = c.name;
        notifications.show({
          color: 'green',
          message: c.status === 'active' ? t`${saved} is open again` : t`${saved} is deactivated`,
        });
      },
      (e: unknown) =>
        notifications.show({ color: 'red', title: t`That did not work`, message: errorMessage(e) }),
    );
  return (
    <Stack gap="sm" align="flex-start">
      <Text>
        {active
          ? t`Deactivating closes the company’s hosts at once (they show “not found”). Nothing is deleted.`
          : t`The company is closed: its hosts show “not found”. Reactivating opens them again with all its data.`}
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
        closeButtonProps={{ 'aria-label': t`Close` }}
        title={active ? t`Deactivate ${name}?` : t`Reactivate ${name}?`}
      >
        <Stack gap="md">
          <Text>
            {active
              ? t`${hosts} will show “not found” to everyone, staff included, until it is reactivated.`
              : t`${hosts} will serve ${name} again.`}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} mih={44}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color={active ? 'red.9' : undefined}
              loading={busy}
              onClick={() => void confirm()}
              mih={44}
              data-autofocus
            >
              {active ? t`Deactivate company` : t`Reactivate company`}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
