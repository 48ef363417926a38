import '../i18n';
import { Trans } from '@lingui/react/macro';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { CounterLookup } from '../../../../contract/counter';

/** Who may collect for the customer, with the ID on record to compare. */
export function People({ data }: { data: CounterLookup }) {
  return (
    <section aria-labelledby="counter-people">
      <Title order={2} fz="lg" id="counter-people" mb="xs">
        <Trans>Authorized persons</Trans>
      </Title>
      {data.authorized_persons.length === 0 ? (
        <Text c="dimmed">
          <Trans>None: only {data.customer.name} may collect.</Trans>
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.authorized_persons.map((p) => (
            <Paper key={p.id} withBorder p="sm" component="li">
              <Text fw={600}>{p.full_name}</Text>
              <Text size="sm">
                {p.relationship}
                {p.phone ? ` · ${p.phone}` : ''}
              </Text>
              <Text size="sm">
                {p.identification.name}:{' '}
                <span dir="ltr" style={{ fontFamily: 'monospace' }}>
                  {p.id_number}
                </span>
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  );
}
