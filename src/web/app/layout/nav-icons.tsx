import {
  type Icon,
  IconCalculator,
  IconCircle,
  IconFileInvoice,
  IconHome,
  IconList,
  IconMenu2,
  IconPackage,
  IconPlane,
  IconReceipt,
  IconShoppingCart,
  IconStar,
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
};

export function NavIcon({ name, size = 20 }: { name: string; size?: number }) {
  const Component = ICONS[name] ?? IconCircle;
  return <Component size={size} stroke={1.6} aria-hidden />;
}
