import {
  type Icon,
  IconAddressBook,
  IconArrowsJoin,
  IconCalculator,
  IconCircle,
  IconFileImport,
  IconFileInvoice,
  IconFilePlus,
  IconHome,
  IconLayoutDashboard,
  IconList,
  IconMenu2,
  IconPackage,
  IconPackages,
  IconPlane,
  IconReceipt,
  IconScan,
  IconShoppingCart,
  IconStar,
  IconTruck,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';

/** The Tabler icon names the menu API uses; unknown names get a plain dot. */
const ICONS: Record<string, Icon> = {
  home: IconHome,
  package: IconPackage,
  plane: IconPlane,
  'file-invoice': IconFileInvoice,
  calculator: IconCalculator,
  receipt: IconReceipt,
  star: IconStar,
  users: IconUsers,
  'shopping-cart': IconShoppingCart,
  user: IconUser,
  'menu-2': IconMenu2,
  list: IconList,
  'file-plus': IconFilePlus,
  'layout-dashboard': IconLayoutDashboard,
  scan: IconScan,
  'file-import': IconFileImport,
  packages: IconPackages,
  'arrows-join': IconArrowsJoin,
  truck: IconTruck,
  'address-book': IconAddressBook,
};

export function NavIcon({ name, size = 20 }: { name: string; size?: number }) {
  const Component = ICONS[name] ?? IconCircle;
  return <Component size={size} stroke={1.6} aria-hidden />;
}
