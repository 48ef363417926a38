import '@mantine/core/styles/EmptyState.css';
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
          {person.is_active ? 'Active' : 'Inactive'}
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
        <Fact term="Phone">{person.phone}</Fact>
        <Fact term="Email">{person.email || '—'}</Fact>
      </Box>
      <Group justify="flex-end" gap="xs" mt="auto">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPencil size={14} aria-hidden />}
          aria-label={`Edit ${person.full_name}`}
          disabled={!canChange}
          onClick={() => onEdit(person)}
        >
          Edit
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          aria-label={`Delete ${person.full_name}`}
          disabled={!canChange}
          onClick={() => onDelete(person)}
        >
          Delete
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
  return (
    <AuthorizedPersonForm
      person={person}
      identifications={ids.data ?? []}
      identificationsLoading={ids.isPending}
      identificationsError={
        ids.isError && !ids.data ? `Could not load the ID types: ${errorMessage(ids.error)}` : null
      }
      save={save}
      onPendingChange={onPendingChange}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}

type Editing = { mode: 'add' } | { mode: 'edit'; person: AuthorizedPerson } | null;

const addKeys = idempotencyKeys();

/** /user/authorizeduser: the people who may collect the customer's packages; add, edit, delete. */
export function AuthorizedPersonsScreen() {
  usePageTitle('Authorized persons');
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
    onDeleted: (p: AuthorizedPerson) =>
      notifications.show({
        color: 'green',
        title: 'Authorized person deleted',
        message: `${p.full_name} can no longer collect your packages.`,
      }),
  });

  const onSaved = (saved: AuthorizedPerson) => {
    const added = editing?.mode === 'add';
    if (added) addKeys.reset();
    notifications.show({
      color: 'green',
      title: added ? 'Authorized person added' : 'Changes saved',
      message: saved.is_active
        ? `${saved.full_name} may collect your packages, showing their ID.`
        : `${saved.full_name} is inactive and may not collect your packages.`,
    });
    setEditing(null);
  };

  const save =
    editing?.mode === 'edit'
      ? (body: AuthorizedPersonBody) => update.mutateAsync({ id: editing.person.id, body })
      : (body: AuthorizedPersonBody) => add.mutateAsync({ body, key: addKeys.keyFor(body) });

  return (
    <Stack gap="md" maw={1100}>
      <ScreenHeader
        title="Authorized persons"
        description="People who may collect your packages for you. At pickup they show the photo ID you list here."
        action={
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setEditing({ mode: 'add' })}
            disabled={!online || !list.data || full}
          >
            Add authorized person
          </Button>
        }
      />
      {!online && list.data && (
        <Text size="sm" c="dimmed">
          You're offline: adding, editing and deleting need a connection.
        </Text>
      )}
      {online && full && (
        <Text size="sm" c="dimmed">
          You have {AUTHORIZED_PERSONS_MAX} authorized persons, the most allowed. Delete one to add another.
        </Text>
      )}

      <section aria-label="Your authorized persons">
        <QueryStates
          query={list}
          loading={<LoadingCards h={170} />}
          errorTitle="Could not load your authorized persons"
          isEmpty={(items) => items.length === 0}
          empty={
            <EmptyState
              py="xl"
              variant="light"
              icon={<IconUsers size={28} aria-hidden />}
              title="No authorized persons yet"
              description="Add someone you trust, with their photo ID, and they can collect your packages when you can't."
            />
          }
        >
          {(items) => (
            <Stack gap="xs">
              <Text size="sm" c="dimmed" aria-live="polite">
                {items.length} of {AUTHORIZED_PERSONS_MAX} · {items.filter((p) => p.is_active).length} active
              </Text>
              <CardRows
                label="Authorized persons"
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
        title={editing?.mode === 'edit' ? `Edit ${editing.person.full_name}` : 'Add authorized person'}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
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

      <ConfirmDelete confirmation={removal} title="Delete this authorized person?">
        {removal.item?.full_name} will no longer be able to collect your packages. You can add them again
        later.
      </ConfirmDelete>
    </Stack>
  );
}
