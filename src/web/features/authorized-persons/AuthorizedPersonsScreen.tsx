import '@mantine/core/styles/EmptyState.css';
import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, EmptyState, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AUTHORIZED_PERSONS_MAX, type AuthorizedPerson } from '../../../contract/authorized-persons';
import { LoadingCards } from '../../components/CardList';
import { ConfirmDelete, useConfirmDelete } from '../../components/ConfirmDelete';
import { CardRows } from '../../components/list';
import { usePageTitle } from '../../components/PageTitle';
import { QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { ToneBadge } from '../../components/ToneBadge';
import { errorMessage, idempotencyKeys } from '../../lib/api';
import { useOnline } from '../../lib/offline/offline-status';
import { identificationsQueryOptions } from '../../lib/reference/api';
import { AuthorizedPersonForm, type SaveAuthorizedPerson } from './AuthorizedPersonForm';
import { type AuthorizedPersonBody, authorizedPersonsQueryOptions } from './api';
import { useAddAuthorizedPerson, useDeleteAuthorizedPerson, useUpdateAuthorizedPerson } from './hooks';

/** One fact of a card: a term and its value, side by side in the card's two-column list. */
function Fact({ term, children }: { term: string; children: string }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Text>
    </>
  );
}

function PersonCard({
  person,
  canChange,
  onEdit,
  onDelete,
}: {
  person: AuthorizedPerson;
  canChange: boolean;
  onEdit: (p: AuthorizedPerson) => void;
  onDelete: (p: AuthorizedPerson) => void;
}) {
  const { t } = useLingui();
  const name = person.full_name;
  return (
    <Stack gap="sm" h="100%">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
            {person.full_name}
          </Title>
          <Text size="sm" c="dimmed">
            {person.relationship}
          </Text>
        </div>
        <ToneBadge tone={person.is_active ? 'green' : 'gray'} data-active={person.is_active} flex="none">
          {person.is_active ? t`Active` : t`Inactive`}
        </ToneBadge>
      </Group>
      <Box
        component="dl"
        m={0}
        style={{
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          columnGap: 'var(--mantine-spacing-sm)',
          rowGap: 4,
        }}
      >
        <Fact term={person.identification.name}>{person.id_number}</Fact>
        <Fact term={t`Phone`}>{person.phone}</Fact>
        <Fact term={t`Email`}>{person.email || '—'}</Fact>
      </Box>
      <Group justify="flex-end" gap="xs" mt="auto">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPencil size={14} aria-hidden />}
          aria-label={t`Edit ${name}`}
          disabled={!canChange}
          onClick={() => onEdit(person)}
        >
          <Trans>Edit</Trans>
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          aria-label={t`Delete ${name}`}
          disabled={!canChange}
          onClick={() => onDelete(person)}
        >
          <Trans>Delete</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** The modal's form, with the ID types fetched only when a form is open. */
function PersonEditor({
  person,
  onSaved,
  onCancel,
  save,
  onPendingChange,
}: {
  person: AuthorizedPerson | null;
  onSaved: (saved: AuthorizedPerson) => void;
  onCancel: () => void;
  save: SaveAuthorizedPerson;
  onPendingChange: (pending: boolean) => void;
}) {
  const ids = useQuery({ ...identificationsQueryOptions(), meta: { offlineOptional: true } });
  const { t } = useLingui();
  const reason = ids.isError ? errorMessage(ids.error) : '';
  return (
    <AuthorizedPersonForm
      person={person}
      identifications={ids.data ?? []}
      identificationsLoading={ids.isPending}
      identificationsError={ids.isError && !ids.data ? t`Could not load the ID types: ${reason}` : null}
      save={save}
      onPendingChange={onPendingChange}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}

/** "2 of 5 · 1 active" over the cards. */
function Count({ items }: { items: AuthorizedPerson[] }) {
  const count = items.length;
  const max = AUTHORIZED_PERSONS_MAX;
  const active = items.filter((p) => p.is_active).length;
  return (
    <Trans>
      {count} of {max} · {active} active
    </Trans>
  );
}

type Editing = { mode: 'add' } | { mode: 'edit'; person: AuthorizedPerson } | null;

const addKeys = idempotencyKeys();

/** /user/authorizeduser: the people who may collect the customer's packages; add, edit, delete. */
export function AuthorizedPersonsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Authorized persons`);
  const online = useOnline();
  const add = useAddAuthorizedPerson();
  const update = useUpdateAuthorizedPerson();
  const remove = useDeleteAuthorizedPerson();
  const list = useQuery(authorizedPersonsQueryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [saving, setSaving] = useState(false);

  const people = list.data ?? [];
  const full = people.length >= AUTHORIZED_PERSONS_MAX;

  const removal = useConfirmDelete({
    remove: remove.mutateAsync,
    onDeleted: (p: AuthorizedPerson) => {
      const name = p.full_name;
      notifications.show({
        color: 'green',
        title: t`Authorized person deleted`,
        message: t`${name} can no longer collect your packages.`,
      });
    },
  });

  const onSaved = (saved: AuthorizedPerson) => {
    const added = editing?.mode === 'add';
    if (added) addKeys.reset();
    const name = saved.full_name;
    notifications.show({
      color: 'green',
      title: added ? t`Authorized person added` : t`Changes saved`,
      message: saved.is_active
        ? t`${name} may collect your packages, showing their ID.`
        : t`${name} is inactive and may not collect your packages.`,
    });
    setEditing(null);
  };

  const save =
    editing?.mode === 'edit'
      ? (body: AuthorizedPersonBody) => update.mutateAsync({ id: editing.person.id, body })
      : (body: AuthorizedPersonBody) => add.mutateAsync({ body, key: addKeys.keyFor(body) });

  const max = AUTHORIZED_PERSONS_MAX;
  const editingName = editing?.mode === 'edit' ? editing.person.full_name : '';
  const removing = removal.item?.full_name;
  return (
    <Stack gap="md" maw={1100}>
      <ScreenHeader
        title={t`Authorized persons`}
        description={t`People who may collect your packages for you. At pickup they show the photo ID you list here.`}
        action={
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setEditing({ mode: 'add' })}
            disabled={!online || !list.data || full}
          >
            <Trans>Add authorized person</Trans>
          </Button>
        }
      />
      {!online && list.data && (
        <Text size="sm" c="dimmed">
          <Trans>You're offline: adding, editing and deleting need a connection.</Trans>
        </Text>
      )}
      {online && full && (
        <Text size="sm" c="dimmed">
          <Trans>You have {max} authorized persons, the most allowed. Delete one to add another.</Trans>
        </Text>
      )}

      <section aria-label={t`Your authorized persons`}>
        <QueryStates
          query={list}
          loading={<LoadingCards h={170} />}
          errorTitle={t`Could not load your authorized persons`}
          isEmpty={(items) => items.length === 0}
          empty={
            <EmptyState
              py="xl"
              variant="light"
              icon={<IconUsers size={28} aria-hidden />}
              title={t`No authorized persons yet`}
              description={t`Add someone you trust, with their photo ID, and they can collect your packages when you can't.`}
            />
          }
        >
          {(items) => (
            <Stack gap="xs">
              <Text size="sm" c="dimmed" aria-live="polite">
                <Count items={items} />
              </Text>
              <CardRows
                label={t`Authorized persons`}
                rows={items}
                rowKey={(p) => p.id}
                card={(p) => (
                  <PersonCard
                    person={p}
                    canChange={online}
                    onEdit={(person) => setEditing({ mode: 'edit', person })}
                    onDelete={removal.ask}
                  />
                )}
              />
            </Stack>
          )}
        </QueryStates>
      </section>

      <Modal
        opened={editing !== null}
        onClose={() => (saving ? undefined : setEditing(null))}
        title={editing?.mode === 'edit' ? t`Edit ${editingName}` : t`Add authorized person`}
        size="lg"
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {editing && (
          <PersonEditor
            person={editing.mode === 'edit' ? editing.person : null}
            save={save}
            onPendingChange={setSaving}
            onSaved={onSaved}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmDelete confirmation={removal} title={t`Delete this authorized person?`}>
        <Trans>
          {removing} will no longer be able to collect your packages. You can add them again later.
        </Trans>
      </ConfirmDelete>
    </Stack>
  );
}
