import { MenuIcon } from '../../features/menus/icons';

/** The navigation's icons are the menu editor's: one curated list of Tabler icons, stored by name. */
export function NavIcon({ name, size = 20 }: { name: string; size?: number }) {
  return <MenuIcon name={name} size={size} />;
}
