import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../components/PageTitle';
import { PrealertForm } from './PrealertForm';
import { PrealertList, type PrealertSearchChange } from './PrealertList';
import type { PrealertSearch } from './prealert-search';

/** /user/packages/pre-alert: send one, and see the ones already sent. */
export function PrealertScreen({
  outboxId,
  onOutboxDone,
  search,
  onSearchChange,
}: {
  outboxId?: string | undefined;
  onOutboxDone?: () => void;
  /** The list's search and filter, from the URL. */
  search?: PrealertSearch;
  onSearchChange?: PrealertSearchChange;
} = {}) {
  const { t } = useLingui();
  usePageTitle(t`Pre-alert a package`);
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          <Trans>Pre-alert a package</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>
            Sent before the parcel arrives, a pre-alert with the invoice gets it through the warehouse and
            customs faster.
          </Trans>
        </Text>
      </div>
      <PrealertForm outboxId={outboxId} onOutboxDone={onOutboxDone} />
      <PrealertList {...(search && onSearchChange ? { search, onChange: onSearchChange } : {})} />
    </Stack>
  );
}
