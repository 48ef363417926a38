import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import type { QueuePrealert } from '../../../../contract/matching';
import { ReasonFields } from '../../../components/ReasonFields';
import { errorMessage, isApiError } from '../../../lib/api';
import { useCancelPrealert } from '../hooks';
import { who } from './pair';

/** Cancels a pre-alert with a reason the customer sees. */
export function CancelPrealert({
  prealert,
  onClose,
}: {
  prealert: QueuePrealert | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const cancel = useCancelPrealert();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!prealert) return;
    cancel.mutate(
      { prealertId: prealert.id, reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t`Pre-alert ${prealert.tracking_number} cancelled` });
          setReason('');
          setError(null);
          onClose();
        },
        onError: (err) => {
          const field = isApiError(err) ? err.fieldErrors.reason?.[0] : undefined;
          setError(field ?? errorMessage(err));
        },
      },
    );
  };
  const customer = prealert ? who(prealert.customer) : '';
  return (
    <Modal
      opened={prealert !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t`Close` }}
      title={t`Cancel pre-alert`}
    >
      {prealert && (
        <form onSubmit={submit} noValidate aria-label={t`Cancel pre-alert`}>
          <Stack gap="md">
            <Text>
              <Trans>
                Cancel pre-alert <b dir="ltr">{prealert.tracking_number}</b> of {customer}?
              </Trans>
            </Text>
            <ReasonFields
              label={t`Reason (the customer sees it)`}
              reason={reason}
              onReason={setReason}
              error={error}
              pending={cancel.isPending}
              onKeep={onClose}
              submitLabel={t`Cancel pre-alert`}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
