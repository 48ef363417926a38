import '../i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Card, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatMoney, formatWeight } from '../../../../contract/format';
import type { Lookup } from '../../../../contract/intake';

const HOW: Record<'mailbox' | 'email' | 'name' | 'prealert', MessageDescriptor> = {
  mailbox: msg`mailbox number`,
  email: msg`email`,
  name: msg`name`,
  prealert: msg`their pre-alert`,
};

/** "Already received": the link to the package that has this tracking number. */
export function PackageLink({ id }: { id: string }) {
  return (
    <Anchor renderRoot={(props) => <Link to="/admin/packages/$id" params={{ id }} {...props} />}>
      <Trans>Open the package</Trans>
    </Anchor>
  );
}

/** What a pre-alert says about the parcel, leaving out what it does not say (a value or weight of 0). */
function prealertFacts(pre: NonNullable<Lookup['prealert']>): string {
  const description = pre.description;
  const seller = pre.seller_name;
  return [
    // Called while rendering: the global i18n speaks the reader's language.
    t`${description} from ${seller}`,
    Number(pre.weight) > 0 ? formatWeight(pre.weight) : '',
    pre.value_cents > 0 ? formatMoney(pre.value_cents, 'USD') : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** Who the parcel would go to and what it matches, as the clerk types. */
export function LookupPanel({
  lookup,
  typed,
  duplicate,
}: {
  lookup: Lookup | undefined;
  typed: string;
  duplicate: string | null;
}) {
  const { i18n } = useLingui();
  if (!lookup) return null;
  if (lookup.tracking_number !== null && lookup.tracking_number !== typed) return null;
  const existing = lookup.existing;
  return (
    <Stack gap="xs" aria-live="polite" data-testid="intake-lookup">
      {existing && !duplicate && (
        <Alert color="red" title={i18n._(msg`Already received`)}>
          <Trans>This tracking number was received before ({existing.status_name}).</Trans>{' '}
          <PackageLink id={existing.id} />
        </Alert>
      )}
      {existing ? null : lookup.customer ? (
        <Text size="md">
          <Trans>
            Customer: <strong>{lookup.customer.name}</strong> · <bdi>{lookup.customer.mailbox_number}</bdi>
          </Trans>{' '}
          <Text span c="dimmed" size="sm">
            <Trans>(found by {i18n._(HOW[lookup.customer.how])})</Trans>
          </Text>
        </Text>
      ) : (
        <Text size="md" c="red.9">
          <Trans>No customer found yet: saved now, the parcel goes to Unassigned.</Trans>
        </Text>
      )}
      {lookup.prealert && (
        <Card withBorder padding="sm" data-testid="intake-prealert">
          <Text size="sm">
            <Badge color="blue.9" me="xs">
              <Trans>Pre-alert</Trans>
            </Badge>
            <Trans>
              {lookup.prealert.customer.name}: {prealertFacts(lookup.prealert)}. Matched on save.
            </Trans>
          </Text>
        </Card>
      )}
    </Stack>
  );
}
