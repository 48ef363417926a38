import { Alert, Anchor, Badge, Card, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatMoney, formatWeight } from '../../../../contract/format';
import type { Lookup } from '../../../../contract/intake';

const HOW = { mailbox: 'mailbox number', email: 'email', name: 'name', prealert: 'their pre-alert' } as const;

/** "Already received": the link to the package that has this tracking number. */
export function PackageLink({ id }: { id: string }) {
  return (
    <Anchor renderRoot={(props) => <Link to="/admin/packages/$id" params={{ id }} {...props} />}>
      Open the package
    </Anchor>
  );
}

/** What a pre-alert says about the parcel, leaving out what it does not say (a value or weight of 0). */
function prealertFacts(pre: NonNullable<Lookup['prealert']>): string {
  return [
    `${pre.description} from ${pre.seller_name}`,
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
  if (!lookup) return null;
  if (lookup.tracking_number !== null && lookup.tracking_number !== typed) return null;
  const existing = lookup.existing;
  return (
    <Stack gap="xs" aria-live="polite" data-testid="intake-lookup">
      {existing && !duplicate && (
        <Alert color="red" title="Already received">
          This tracking number was received before ({existing.status_name}). <PackageLink id={existing.id} />
        </Alert>
      )}
      {existing ? null : lookup.customer ? (
        <Text size="md">
          Customer: <strong>{lookup.customer.name}</strong> · {lookup.customer.mailbox_number}{' '}
          <Text span c="dimmed" size="sm">
            (found by {HOW[lookup.customer.how]})
          </Text>
        </Text>
      ) : (
        <Text size="md" c="red.9">
          No customer found yet: saved now, the parcel goes to Unassigned.
        </Text>
      )}
      {lookup.prealert && (
        <Card withBorder padding="sm" data-testid="intake-prealert">
          <Text size="sm">
            <Badge color="blue.9" mr="xs">
              Pre-alert
            </Badge>
            {lookup.prealert.customer.name}: {prealertFacts(lookup.prealert)}. Matched on save.
          </Text>
        </Card>
      )}
    </Stack>
  );
}
