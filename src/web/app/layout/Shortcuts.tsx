import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Menu, SimpleGrid, Tooltip } from '@mantine/core';
import { IconLayoutGridAdd } from '@tabler/icons-react';
import { useSession } from '../../lib/session/use-session';
import { NavIcon } from './nav-icons';
import { useGo } from './use-nav';

const CUSTOMER_SHORTCUTS = [
  { title: msg`Packages`, route: '/user/packages/history', icon: 'package' },
  { title: msg`Pre-alert`, route: '/user/packages/pre-alert', icon: 'plane' },
  { title: msg`Invoices`, route: '/user/invoices', icon: 'file-invoice' },
  { title: msg`Estimator`, route: '/user/packages/cost-estimator', icon: 'calculator' },
  { title: msg`Points`, route: '/user/points/history', icon: 'star' },
  { title: msg`Profile`, route: '/user/profile', icon: 'user' },
];
const STAFF_SHORTCUTS = [
  { title: msg`Today`, route: '/admin', icon: 'layout-dashboard' },
  { title: msg`Receive`, route: '/admin/receive', icon: 'scan' },
  { title: msg`Packages`, route: '/admin/packages', icon: 'packages' },
  { title: msg`Shipments`, route: '/admin/shipments', icon: 'truck' },
  { title: msg`Customers`, route: '/admin/customers', icon: 'address-book' },
  { title: msg`Pre-alerts`, route: '/admin/prealerts', icon: 'arrows-join' },
  { title: msg`Invoices`, route: '/admin/invoice/list', icon: 'list' },
  { title: msg`My portal`, route: '/user', icon: 'home' },
];
const ADMIN_SHORTCUTS = [
  { title: msg`Menus`, route: '/admin/menu', icon: 'menu-2' },
  { title: msg`Settings`, route: '/admin/settings', icon: 'settings' },
  { title: msg`Staff`, route: '/admin/staff', icon: 'users' },
];

/** Quick links to the most used screens. */
export function Shortcuts() {
  const { role } = useSession();
  const go = useGo();
  const { t, i18n } = useLingui();
  // Staff work in the back office all day: their shortcuts are its screens (their own portal is one of them).
  const items =
    role === 'admin'
      ? [...STAFF_SHORTCUTS, ...ADMIN_SHORTCUTS]
      : role === 'staff'
        ? STAFF_SHORTCUTS
        : CUSTOMER_SHORTCUTS;
  return (
    <Menu position="bottom-end" width={300} withinPortal>
      <Menu.Target>
        <Tooltip label={t`Shortcuts`}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Shortcuts`}>
            <IconLayoutGridAdd size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t`Shortcuts`}</Menu.Label>
        <SimpleGrid cols={2} spacing={4} p={4}>
          {items.map((s) => (
            <Menu.Item
              key={s.route}
              component="a"
              href={s.route}
              onClick={go(s.route)}
              leftSection={<NavIcon name={s.icon} size={18} />}
            >
              {i18n._(s.title)}
            </Menu.Item>
          ))}
        </SimpleGrid>
      </Menu.Dropdown>
    </Menu>
  );
}
