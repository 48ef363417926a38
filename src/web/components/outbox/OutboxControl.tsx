import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/Progress.css';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
  Button,
  Drawer,
  Group,
  Indicator,
  Modal,
  Progress,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCloudUpload, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { reachability } from '../../lib/api';
import { useOnline } from '../../lib/offline/offline-status';
import { offlineReason } from '../../lib/offline/online';
import { outbox, useOutbox } from '../../lib/offline/outbox-app';
import { type OutboxRecord, statusText } from '../../lib/offline/outbox-model';
import { RelativeTime } from '../RelativeTime';

const toneColor = { neutral: 'gray', progress: 'blue', warning: 'orange', danger: 'red' } as const;
const kindName = {
  prealert: msg`Pre-alert`,
  receipt: msg`Receipt upload`,
  intake: msg`Parcel received`,
} as const;

function formatBytes(n: number): string {
  if (n < 1024 * 1024) return `${Math.max(1, Math.round(n / 1024))} kB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(1)} GB`;
}

function useStorageEstimate(open: boolean) {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number; persisted: boolean } | null>(null);
  useEffect(() => {
    if (!open || typeof navigator === 'undefined' || !navigator.storage?.estimate) return;
    void Promise.all([
      navigator.storage.estimate(),
      navigator.storage.persisted?.() ?? Promise.resolve(false),
    ]).then(([e, persisted]) => setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0, persisted }));
  }, [open]);
  return estimate;
}

/**
 * The outbox in the navbar: a badge with the number of unsent items, and a drawer that says what each is doing —
 * waiting for the network, uploading n %, retrying at a time, or needing attention (edit and resend, or discard).
 */
export function OutboxControl() {
  const { records, progress, flushing } = useOutbox();
  const online = useOnline();
  const reason = online ? 'offline' : offlineReason();
  const [opened, { open, close }] = useDisclosure(false);
  const [confirm, setConfirm] = useState<OutboxRecord | null>(null);
  const navigate = useNavigate();
  const estimate = useStorageEstimate(opened);
  const count = records.length;
  const now = Date.now();
  const { t, i18n } = useLingui();
  const kind = (rec: OutboxRecord) => i18n._(kindName[rec.kind]);

  useEffect(() => {
    void outbox.refresh();
  }, []);

  if (count === 0 && !opened) return null;
  const used = estimate ? formatBytes(estimate.usage) : null;
  const quota = estimate ? formatBytes(estimate.quota) : null;
  const discarding = confirm ? `${kind(confirm)} ${confirm.label}` : '';

  return (
    <>
      <Tooltip label={t`Outbox: ${count} unsent`}>
        <Indicator label={count} size={18} disabled={count === 0} color="orange" offset={4}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t`Outbox, ${count} unsent`}
            onClick={open}
          >
            <IconCloudUpload size={20} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        title={t`Outbox`}
        closeButtonProps={{ 'aria-label': t`Close outbox` }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            <Trans>
              What you sent while offline, or while the connection failed, waits here on this device and
              uploads by itself — once, even if it is retried.
            </Trans>
          </Text>
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              {count === 0 ? t`Everything is sent` : t`${count} unsent`}
              {!online && (reason === 'unreachable' ? t` · can't reach the server` : t` · offline`)}
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={async () => {
                // Not answering a moment ago is no reason not to ask again when the person asks.
                if (!online && !(await reachability.check())) return;
                await outbox.syncNow();
              }}
              loading={flushing}
              disabled={(!online && reason === 'offline') || count === 0}
            >
              <Trans>Sync now</Trans>
            </Button>
          </Group>
          <Stack
            gap="sm"
            component="ul"
            aria-label={t`Unsent items`}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {records.map((rec) => {
              const pct = progress[rec.id];
              const status = statusText(rec, { online, reason, progress: pct, now });
              const size = rec.files.reduce((s, f) => s + f.size, 0);
              return (
                <Stack
                  key={rec.id}
                  component="li"
                  gap={6}
                  p="sm"
                  style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
                  data-state={rec.state}
                  aria-label={`${kind(rec)} ${rec.label}`}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600} size="sm" truncate>
                      {kind(rec)} {rec.label}
                    </Text>
                    <Badge variant="light" color={toneColor[status.tone]} style={{ flexShrink: 0 }}>
                      {rec.state === 'attention'
                        ? t`Needs attention`
                        : rec.state === 'uploading'
                          ? t`Uploading`
                          : t`Waiting`}
                    </Badge>
                  </Group>
                  <Text
                    size="sm"
                    c={status.tone === 'danger' ? 'red.8' : undefined}
                    data-testid="outbox-status"
                  >
                    {status.text}
                  </Text>
                  {pct !== undefined && (
                    <Progress value={pct} aria-label={t`Upload progress ${rec.label}`} size="sm" />
                  )}
                  <Text size="xs" c="dimmed">
                    <Plural value={rec.files.length} one="# file" other="# files" />, {formatBytes(size)} ·{' '}
                    <Trans>
                      saved <RelativeTime value={new Date(rec.createdAt).toISOString()} />
                    </Trans>
                    {rec.attempts > 0 && (
                      <>
                        {' · '}
                        <Plural value={rec.attempts} one="# attempt" other="# attempts" />
                      </>
                    )}
                  </Text>
                  <Group gap="xs">
                    {rec.state === 'attention' && rec.kind === 'prealert' && (
                      <Button
                        size="xs"
                        onClick={() => {
                          close();
                          void navigate({ to: '/user/packages/pre-alert', search: { outbox: rec.id } });
                        }}
                      >
                        <Trans>Edit and resend</Trans>
                      </Button>
                    )}
                    {rec.state === 'attention' && (rec.kind === 'receipt' || rec.kind === 'intake') && (
                      <Button size="xs" onClick={() => void outbox.resend(rec.id, { fields: rec.fields })}>
                        <Trans>Try again</Trans>
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={() => setConfirm(rec)}
                      disabled={rec.state === 'uploading' && pct !== undefined}
                    >
                      <Trans>Discard</Trans>
                    </Button>
                  </Group>
                </Stack>
              );
            })}
          </Stack>
          {estimate && used && quota && (
            <Text size="xs" c="dimmed">
              {estimate.persisted
                ? t`This site uses ${used} of ${quota} on this device (kept: the browser will not clear it to free space).`
                : t`This site uses ${used} of ${quota} on this device.`}
            </Text>
          )}
        </Stack>
      </Drawer>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={t`Discard this item?`}
        centered
      >
        <Stack>
          <Text size="sm">
            {confirm &&
              t`${discarding} has not reached us. Discarding deletes it and its files from this device; it cannot be undone.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              <Trans>Keep it</Trans>
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (confirm) void outbox.discard(confirm.id);
                setConfirm(null);
              }}
            >
              <Trans>Discard</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
