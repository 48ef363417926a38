import { ActionIcon, Menu, SimpleGrid, Tooltip } from '@mantine/core';
import { IconLayoutGridAdd } from '@tabler/icons-react';
import { useSession } from '../../lib/session/use-session';
import { NavIcon } from './nav-icons';
import { useGo } from './use-nav';

const CUSTOMER_SHORTCUTS = [
  { title: 'Packages', route: '/user/packages/history', icon: 'package' },
  { title: 'Pre-alert', route: '/user/packages/pre-alert', icon: 'plane' },
  { title: 'Invoices', route: '/user/invoices', icon: 'file-invoice' },
  { title: 'Estimator', route: '/user/packages/cost-estimator', icon: 'calculator' },
  { title: 'Points', route: '/user/points/history', icon: 'star' },
  { title: 'Profile', route: '/user/profile', icon: 'user' },
];
const STAFF_SHORTCUTS = [
  { title: 'Admin invoices', route: '/admin/invoice/list', icon: 'list' },
  { title: 'Menus', route: '/admin/menu', icon: 'menu-2' },
];

/** Quick links to the most used screens. */
export function Shortcuts() {
  const { role } = useSession();
  const go = useGo();
  const items =
    role === 'staff' || role === 'admin' ? [...CUSTOMER_SHORTCUTS, ...STAFF_SHORTCUTS] : CUSTOMER_SHORTCUTS;
  return (
    <Menu position="bottom-end" width={300} withinPortal>
      <Menu.Target>
        <Tooltip label="Shortcuts">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Shortcuts">
            <IconLayoutGridAdd size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Shortcuts</Menu.Label>
        <SimpleGrid cols={2} spacing={4} p={4}>
          {items.map((s) => (
            <Menu.Item
              key={s.route}
              component="a"
              href={s.route}
              onClick={go(s.route)}
              leftSection={<NavIcon name={s.icon} size={18} />}
            >
              {s.title}
            </Menu.Item>
          ))}
        </SimpleGrid>
      </Menu.Dropdown>
    </Menu>
  );
}
