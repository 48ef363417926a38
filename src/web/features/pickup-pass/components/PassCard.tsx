import '../i18n';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Badge, Card, Group, Image, List, Stack, Text, Title } from '@mantine/core';
import type { PassState } from '../../../../contract/pickup-pass';
import { formatDateTime } from '../../../lib/format';

/** What a pass shows wherever it is shown: the customer's screen and the share link's page. */
export interface PassView {
  title: string;
  state: PassState;
  code: string | null;
  qr_svg: string | null;
  parcels: { tracking_number: string; description?: string; collected: boolean }[];
  issued_at: string | null;
  collected_at: string | null;
}

const svgSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * A pass: the QR code big enough for a counter's scanner, the code in large monospace for a clerk to type, and the
 * parcels it covers. A collected pass says so instead of showing a code that no longer works.
 */
export function PassCard({ pass, headingId }: { pass: PassView; headingId: string }) {
  const { t } = useLingui();
  const collected = pass.state === 'collected';
  const collectedAt = pass.collected_at ? formatDateTime(pass.collected_at) : null;
  const code = pass.code ?? '';
  const count = pass.parcels.length;
  const issued = pass.issued_at ? formatDateTime(pass.issued_at) : null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm" align="center">
        <Group justify="space-between" w="100%" wrap="nowrap" gap="xs">
          <Title order={2} fz="lg" id={headingId} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {pass.title}
          </Title>
          <Badge color={collected ? 'gray' : 'green'} variant="light" style={{ flexShrink: 0 }}>
            {collected ? t`Collected` : t`Ready`}
          </Badge>
        </Group>
        {collected ? (
          <Text ta="center" data-testid="pass-collected">
            {collectedAt ? (
              <Trans>Collected on {collectedAt}: this pass no longer works at the counter.</Trans>
            ) : (
              <Trans>Collected: this pass no longer works at the counter.</Trans>
            )}
          </Text>
        ) : (
          <>
            {pass.qr_svg && (
              <Image
                src={svgSrc(pass.qr_svg)}
                alt={t`QR code of pickup pass ${code}`}
                w="min(280px, 100%)"
                h="auto"
                fit="contain"
                bg="white"
                data-testid="pass-qr"
              />
            )}
            <Text size="sm" c="dimmed" ta="center">
              <Trans>Show this at the counter, or tell the clerk the code</Trans>
            </Text>
            <Text ff="monospace" fz={36} fw={700} lh={1.1} data-testid="pass-code" dir="ltr">
              {pass.code}
            </Text>
          </>
        )}
        <Stack gap={4} w="100%">
          <Text fw={600} size="sm">
            <Plural value={count} one="Covers # parcel" other="Covers # parcels" />
          </Text>
          <List size="sm" spacing={2}>
            {pass.parcels.map((p) => (
              <List.Item key={p.tracking_number}>
                <Text span ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <bdi>{p.tracking_number}</bdi>
                </Text>
                {p.description ? ` · ${p.description}` : ''}
                {p.collected ? ` · ${t`Collected`}` : ''}
              </List.Item>
            ))}
          </List>
          {pass.issued_at && (
            <Text size="xs" c="dimmed">
              <Trans>Issued {issued}</Trans>
            </Text>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
