import '../i18n';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Switch.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Checkbox, Group, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod';
import { MENU_ROUTES } from '../../../../contract/app-routes';
import type { MenuItem } from '../../../../contract/menus';
import type { Role } from '../../../../contract/users';
import { ModalForm } from '../../../components/ModalForm';
import { zodResolver } from '../../../lib/form';
import { useBusy } from '../../../lib/offline/busy';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { IconPicker } from './IconPicker';

export interface MenuItemFormValues {
  title: string;
  icon: string;
  /** The page (one of the app's routes) … */
  page: string;
  /** … and an optional query string after it (a list's filter), without the "?". */
  query: string;
  parent: string | null;
  roles: Role[];
  is_active: boolean;
}

/** The fields the form sends; the server checks them again (route against the same list, parent, nesting). */
export interface MenuItemFields {
  title: string;
  icon: string;
  route: string;
  parent_id: number | null;
  roles: Role[];
  is_active: boolean;
}

// Built when the form opens: its messages are in the language shown then.
const schemaOf = () =>
  z.object({
    title: z.string().trim().min(1, t`Give the item a title`).max(60, t`At most 60 characters`),
    page: z.string().refine((v) => MENU_ROUTES.includes(v), t`Pick a page of the portal`),
    query: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.~%=&+,:-]*$/, t`Letters, digits and = & only (e.g. status=received)`),
    roles: z.array(z.string()).min(1, t`Show it to at least one role`),
  });

const ROLE_LABELS: [Role, MessageDescriptor][] = [
  ['customer', msg`Customers`],
  ['staff', msg`Staff`],
  ['admin', msg`Admins`],
];

export function toFields(v: MenuItemFormValues): MenuItemFields {
  const query = v.query.trim().replace(/^\?/, '');
  return {
    title: v.title.trim(),
    icon: v.icon,
    route: query ? `${v.page}?${query}` : v.page,
    parent_id: v.parent ? Number(v.parent) : null,
    roles: v.roles,
    is_active: v.is_active,
  };
}

export function initialValues(item: MenuItem | null, area: 'customer' | 'admin'): MenuItemFormValues {
  if (!item) {
    return {
      title: '',
      icon: 'circle',
      page: '',
      query: '',
      parent: null,
      roles: area === 'admin' ? ['staff', 'admin'] : ['customer', 'staff', 'admin'],
      is_active: true,
    };
  }
  const [page = '', query = ''] = item.route.split('?');
  return {
    title: item.title,
    icon: item.icon,
    page,
    query,
    parent: item.parent_id === null ? null : String(item.parent_id),
    roles: item.roles,
    is_active: item.is_active,
  };
}

/**
 * Add or edit an item: title, icon (picker), page (the app's real routes only) with an optional filter, parent (a
 * top-level item of this menu), who sees it, and whether it is enabled. The server's messages land on their fields.
 */
export function MenuItemForm({
  item,
  area,
  parents,
  hasChildren,
  send,
  onSent,
  onCancel,
  onPendingChange,
}: {
  item: MenuItem | null;
  area: 'customer' | 'admin';
  /** The top-level items it may go under (itself excluded). */
  parents: MenuItem[];
  /** An item with children stays at the top level (two levels at most). */
  hasChildren: boolean;
  send: (fields: MenuItemFields) => Promise<MenuItem>;
  onSent: (saved: MenuItem) => void;
  onCancel: () => void;
  onPendingChange?: (pending: boolean) => void;
}) {
  const { i18n } = useLingui();
  const tr = (m: MessageDescriptor) => i18n._(m);
  const form = useForm<MenuItemFormValues>({
    mode: 'controlled',
    initialValues: initialValues(item, area),
    validate: zodResolver(schemaOf()),
    validateInputOnBlur: true,
  });
  useBusy(form.isDirty(), 'menu item form');
  // The server names the route and parent as the API does; the form splits the route in two.
  const aliases: Record<string, string> = { route: 'page', parent_id: 'parent', is_active: 'is_active' };
  const errorSink = {
    values: { ...form.getValues(), route: '', parent_id: '' },
    setFieldError: (path: string, error: string) => form.setFieldError(aliases[path] ?? path, error),
  };
  const submission = useFormSubmit({
    form,
    toBody: toFields,
    send,
    onSent,
    failure: tr(msg`The item was not saved. Please try again.`),
    errorSink,
    onPendingChange,
  });
  const { busy } = submission;
  const itemTitle = item?.title ?? '';
  const pages = MENU_ROUTES.filter((r) => (area === 'admin' ? r.startsWith('/admin') : true)).map((r) => ({
    value: r,
    label: r,
  }));
  return (
    <ModalForm
      submission={submission}
      label={item ? tr(msg`Edit ${itemTitle}`) : tr(msg`New menu item`)}
      errorTitle={tr(msg`Not saved`)}
      submitLabel={item ? tr(msg`Save item`) : tr(msg`Add item`)}
      onCancel={onCancel}
    >
      <TextInput
        label={tr(msg`Title`)}
        description={tr(msg`As the navigation shows it`)}
        required
        autoComplete="off"
        disabled={busy}
        data-autofocus
        key={form.key('title')}
        {...form.getInputProps('title')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Select
          label={tr(msg`Page`)}
          description={tr(msg`One of the portal's screens`)}
          placeholder={tr(msg`Search the pages`)}
          required
          searchable
          nothingFoundMessage={tr(msg`No page matches`)}
          data={pages}
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
          key={form.key('page')}
          {...form.getInputProps('page')}
        />
        <TextInput
          label={tr(msg`Filter (optional)`)}
          description={tr(msg`A query string, e.g. status=received`)}
          autoComplete="off"
          spellCheck={false}
          disabled={busy}
          key={form.key('query')}
          {...form.getInputProps('query')}
        />
      </SimpleGrid>
      <Select
        label={tr(msg`Parent`)}
        description={
          hasChildren
            ? tr(msg`It has children of its own, so it stays at the top level`)
            : tr(msg`Empty: the top level`)
        }
        placeholder={tr(msg`Top level`)}
        clearable
        data={parents.map((p) => ({ value: String(p.id), label: p.title }))}
        disabled={busy || hasChildren}
        key={form.key('parent')}
        {...form.getInputProps('parent')}
      />
      <Checkbox.Group
        label={tr(msg`Visible to`)}
        description={tr(msg`Who sees it in the navigation and the search`)}
        required
        key={form.key('roles')}
        {...form.getInputProps('roles')}
      >
        <Group gap="md" mt={6}>
          {ROLE_LABELS.map(([value, label]) => (
            <Checkbox key={value} value={value} label={tr(label)} disabled={busy} />
          ))}
        </Group>
      </Checkbox.Group>
      <Switch
        label={tr(msg`Enabled`)}
        description={tr(msg`A disabled item stays here but shows to nobody`)}
        disabled={busy}
        key={form.key('is_active')}
        {...form.getInputProps('is_active', { type: 'checkbox' })}
      />
      <IconPicker
        value={form.getValues().icon}
        onChange={(n) => form.setFieldValue('icon', n)}
        disabled={busy}
      />
    </ModalForm>
  );
}
