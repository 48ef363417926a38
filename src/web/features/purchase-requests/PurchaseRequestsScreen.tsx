import '@mantine/core/styles/EmptyState.css';
import './i18n';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Box,
  Button,
  EmptyState,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconPlus, IconShoppingBag, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PurchaseRequest } from '../../../contract/purchase-requests';
import { ConfirmDelete, useConfirmDelete } from '../../components/ConfirmDelete';
import { ListResults } from '../../components/list';
import { usePageTitle } from '../../components/PageTitle';
import { RelativeTime } from '../../components/RelativeTime';
import { ScreenHeader } from '../../components/ScreenHeader';
import { idempotencyKeys } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { formatAmount, formatUsd } from '../../lib/money/money';
import { useOnline } from '../../lib/offline/offline-status';
import { type PurchaseRequestBody, purchaseRequestsQueryOptions } from './api';
import { useCreatePurchaseRequest, useDeletePurchaseRequest } from './hooks';
import { PurchaseRequestForm } from './PurchaseRequestForm';
import { PurchaseRequestStatusBadge } from './PurchaseRequestStatusBadge';

/** The link as a reader recognises it: site and path, without the scheme or "www.". */
function linkText(href: string): string {
  try {
    const url = new URL(href);
    return `${url.hostname.replace(/^www\./, '')}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return href;
  }
}

/** Only http(s) links become links (the contract allows no other, but a link is never trusted blindly). */
const isWebLink = (href: string) => /^https?:\/\//i.test(href);

function ProductLink({ request }: { request: PurchaseRequest }) {
  if (!isWebLink(request.product_url)) {
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {request.product_url}
      </Text>
    );
  }
  return (
    <Anchor
      href={request.product_url}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      title={request.product_url}
      style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0 }}
    >
      <Box component="span" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {linkText(request.product_url)}
      </Box>
      <IconExternalLink size={14} aria-hidden style={{ flex: 'none' }} />
      <VisuallyHidden>
        <Trans>(opens in a new tab)</Trans>
      </VisuallyHidden>
    </Anchor>
  );
}

/** The quote, when there is one: amount in the company's currency, its note and until when it holds. */
function Quote({ request }: { request: PurchaseRequest }) {
  if (request.quoted_total_cents === null) return null;
  const expired = request.status === 'quote_expired';
  // Once paid (or cancelled) the quote's deadline no longer matters.
  const open = request.status === 'quoted' || request.status === 'awaiting_payment';
  const amount = formatAmount(request.quoted_total_cents, request.quote_currency);
  const until = request.quote_expires_at ? formatDate(request.quote_expires_at) : '';
  return (
    <Paper withBorder radius="sm" p="xs" bg="var(--mantine-color-default-hover)">
      <Text size="sm" fw={600}>
        <Trans>Quote: {amount}</Trans>
      </Text>
      {request.quote_note && <Text size="sm">{request.quote_note}</Text>}
      {request.quote_expires_at && (expired || open) && (
        <Text size="sm" c="dimmed">
          {expired ? <Trans>Expired {until}</Trans> : <Trans>Valid until {until}</Trans>}
        </Text>
      )}
    </Paper>
  );
}

function RequestCard({
  request,
  canDelete,
  onDelete,
}: {
  request: PurchaseRequest;
  canDelete: boolean;
  onDelete: (r: PurchaseRequest) => void;
}) {
  const { t } = useLingui();
  const quantity = request.quantity;
  const estimate = request.estimated_price_cents !== null ? formatUsd(request.estimated_price_cents) : '';
  const facts = [
    request.store,
    t`Qty ${quantity}`,
    request.options,
    estimate ? t`est. ${estimate}` : '',
  ].filter(Boolean);
  const item = request.item_name;
  const deletable = request.status === 'requested';
  return (
    <Stack gap="xs" h="100%">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Title order={2} fz="md" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {request.item_name}
        </Title>
        <PurchaseRequestStatusBadge status={request.status} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {facts.join(' · ')}
      </Text>
      <ProductLink request={request} />
      {request.notes && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {request.notes}
        </Text>
      )}
      <Quote request={request} />
      <Group justify="space-between" align="center" gap="xs" mt="auto">
        <Text size="xs" c="dimmed">
          <Trans>
            Sent <RelativeTime value={request.created_at} />
          </Trans>
        </Text>
        {deletable ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t`Delete request for ${item}`}
            disabled={!canDelete}
            onClick={() => onDelete(request)}
          >
            <Trans>Delete</Trans>
          </Button>
        ) : (
          <Text size="xs" c="dimmed" data-testid="no-delete-reason">
            <Trans>Only requests waiting for a quote can be deleted.</Trans>
          </Text>
        )}
      </Group>
    </Stack>
  );
}

const newKeys = idempotencyKeys();

/** /user/packages/purchase-request: "buy it for me" requests, their status and quotes; new ones, deletes. */
export function PurchaseRequestsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Purchase requests`);
  const online = useOnline();
  const [page, setPage] = useState(1);
  const list = useQuery(purchaseRequestsQueryOptions(page));
  const [creating, setCreating] = useState(false);
  const [sending, setSending] = useState(false);
  const create = useCreatePurchaseRequest();
  const remove = useDeletePurchaseRequest();

  const removal = useConfirmDelete({
    remove: (r: PurchaseRequest) => remove.mutateAsync(r.id),
    onDeleted: (r) => {
      const item = r.item_name;
      notifications.show({
        color: 'green',
        title: t`Purchase request deleted`,
        message: t`We will not buy ${item} for you.`,
      });
    },
  });

  const onSent = (sent: PurchaseRequest) => {
    newKeys.reset();
    const item = sent.item_name;
    notifications.show({
      color: 'green',
      title: t`Purchase request sent`,
      message: t`We will send you a quote for ${item}.`,
    });
    setCreating(false);
    setPage(1);
  };

  const removing = removal.item?.item_name;
  return (
    <Stack gap="md" maw={1100}>
      <ScreenHeader
        title={t`Purchase requests`}
        description={t`Send us the link of something you want and we buy it for you. We reply with a quote; once it is paid, we place the order.`}
        action={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setCreating(true)}
            disabled={!online}
          >
            <Trans>New purchase request</Trans>
          </Button>
        }
      />
      {!online && (
        <Text size="sm" c="dimmed">
          <Trans>You're offline: sending and deleting requests need a connection.</Trans>
        </Text>
      )}

      <ListResults
        query={list}
        label={t`Purchase requests`}
        noun={msg({ message: '{count, plural, one {request} other {requests}}' })}
        errorTitle={t`Could not load your purchase requests`}
        empty={
          <EmptyState
            py="xl"
            variant="light"
            icon={<IconShoppingBag size={28} aria-hidden />}
            title={t`No purchase requests yet`}
            description={t`Found something a store won't ship to you? Send us its link and we'll quote for it.`}
          />
        }
        card={(r) => <RequestCard request={r} canDelete={online} onDelete={removal.ask} />}
        rowKey={(r) => r.id}
        paging={{ page, onChange: (p) => setPage(p.page), label: t`Purchase request pages` }}
        region={t`Your purchase requests`}
      />

      <Modal
        opened={creating}
        onClose={() => (sending ? undefined : setCreating(false))}
        title={t`New purchase request`}
        size="lg"
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {creating && (
          <PurchaseRequestForm
            send={(body: PurchaseRequestBody) => create.mutateAsync({ body, key: newKeys.keyFor(body) })}
            onSent={onSent}
            onCancel={() => setCreating(false)}
            onPendingChange={setSending}
          />
        )}
      </Modal>

      <ConfirmDelete confirmation={removal} title={t`Delete this purchase request?`}>
        <Trans>We will not quote for or buy {removing}. You can send a new request later.</Trans>
      </ConfirmDelete>
    </Stack>
  );
}
