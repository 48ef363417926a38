import './i18n';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, formatRate } from '../../../contract/format';
import type { AdminDutyCategory } from '../../../contract/rates';
import { usePageTitle } from '../../components/PageTitle';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { ScrollTable } from '../../components/ScrollTable';
import { ToneBadge } from '../../components/ToneBadge';
import { errorMessage } from '../../lib/api';
import { adminDutyCategoriesQueryOptions } from './api';
import { CategoryForm } from './components/CategoryForm';
import { useRetireDutyCategory, useSaveDutyCategory } from './hooks';

const STATUS = {
  active: { label: msg`Active`, tone: 'green' },
  scheduled: { label: msg`Starts later`, tone: 'blue' },
  retired: { label: msg`Retired`, tone: 'gray' },
} as const;

/**
 * /admin/duties, "Duty categories" (admins): each category's duty, GCT and other charge in force, changes scheduled,
 * add, edit (new rates from a date and time) and retire (no longer offered; never deleted, old invoices keep theirs).
 */
export function DutiesScreen() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Duty categories`);
  const query = useQuery(adminDutyCategoriesQueryOptions());
  const save = useSaveDutyCategory();
  const retire = useRetireDutyCategory();
  const [editing, setEditing] = useState<AdminDutyCategory | 'new' | null>(null);
  const category = editing === 'new' ? null : editing;
  const categoryName = category?.name ?? '';

  return (
    <Stack gap="lg">
      <ScreenHeader
        title={t`Duty categories`}
        description={t`What the estimator and invoices charge on each kind of goods. A change starts when you say; a retired category is no longer offered.`}
        action={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            <Trans>Add category</Trans>
          </Button>
        }
      />
      <QueryStates
        query={query}
        loading={<LoadingRows label={t`Loading the duty categories`} count={5} h={40} />}
        errorTitle={t`The duty categories could not be loaded`}
        isEmpty={(rows) => rows.length === 0}
        empty={
          <Text>
            <Trans>No duty categories yet: add the first.</Trans>
          </Text>
        }
      >
        {(rows) => (
          <ScrollTable label={t`Duty categories`} minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">
                    <Trans>Category</Trans>
                  </Table.Th>
                  <Table.Th scope="col">
                    <Trans>Duty</Trans>
                  </Table.Th>
                  <Table.Th scope="col">
                    <Trans>GCT</Trans>
                  </Table.Th>
                  <Table.Th scope="col">
                    <Trans>Other</Trans>
                  </Table.Th>
                  <Table.Th scope="col">
                    <Trans>Status</Trans>
                  </Table.Th>
                  <Table.Th scope="col">
                    <Trans>Actions</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c) => {
                  const next = c.scheduled[0];
                  const name = c.name;
                  const from = next ? formatDateTime(next.effective_from) : '';
                  const duty = next ? formatRate(next.duty_rate) : '';
                  const gct = next ? formatRate(next.gct_rate) : '';
                  return (
                    <Table.Tr key={c.id}>
                      <Table.Th scope="row" fw={500}>
                        {c.name}
                        <Text size="xs" c="dimmed">
                          {c.code}
                        </Text>
                      </Table.Th>
                      <Table.Td>{c.current ? formatRate(c.current.duty_rate) : '—'}</Table.Td>
                      <Table.Td>{c.current ? formatRate(c.current.gct_rate) : '—'}</Table.Td>
                      <Table.Td>
                        {c.current && Number(c.current.other_rate) > 0
                          ? `${formatRate(c.current.other_rate)} ${c.current.other_label}`
                          : '—'}
                      </Table.Td>
                      <Table.Td>
                        <ToneBadge tone={STATUS[c.status].tone}>{i18n._(STATUS[c.status].label)}</ToneBadge>
                        {next ? (
                          <Text size="xs">
                            <Trans>
                              From {from}: duty {duty}, GCT {gct}
                            </Trans>
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        {c.status === 'retired' ? null : (
                          <Group gap="xs" wrap="nowrap">
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => setEditing(c)}
                              aria-label={t`Edit ${name}`}
                            >
                              <Trans>Edit</Trans>
                            </Button>
                            <Button
                              size="xs"
                              variant="default"
                              aria-label={t`Retire ${name}`}
                              loading={retire.isPending && retire.variables === c.id}
                              onClick={() =>
                                retire.mutate(c.id, {
                                  onSuccess: () =>
                                    notifications.show({
                                      color: 'green',
                                      title: t`Category retired`,
                                      message: t`${name} is no longer offered; past invoices keep their amounts.`,
                                    }),
                                  onError: (e) =>
                                    notifications.show({
                                      color: 'red',
                                      title: t`Not retired`,
                                      message: errorMessage(e),
                                    }),
                                })
                              }
                            >
                              <Trans>Retire</Trans>
                            </Button>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryStates>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={category ? t`Edit ${categoryName}` : t`New duty category`}
        size="lg"
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {editing !== null ? (
          <CategoryForm
            category={category}
            send={(body) => save.mutateAsync({ id: category?.id ?? null, body })}
            onSent={(saved) => {
              setEditing(null);
              notifications.show({ color: 'green', title: t`Duty category saved`, message: saved.name });
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
