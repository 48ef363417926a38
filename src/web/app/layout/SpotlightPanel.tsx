import { Spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';

/** Mantine Spotlight over the menu; ctrl/cmd + K opens it. */
export default function SpotlightPanel({ actions }: { actions: SpotlightActionData[] }) {
  return (
    <Spotlight
      actions={actions}
      nothingFound="Nothing found in the menu"
      highlightQuery
      limit={10}
      shortcut={['mod + K']}
      // The dialog has no visible title: name it for screen readers (axe: aria-dialog-name).
      attributes={{ content: { 'aria-label': 'Menu search' } }}
      searchProps={{
        leftSection: <IconSearch size={18} aria-hidden />,
        placeholder: 'Search the menu…',
        'aria-label': 'Search the menu',
      }}
    />
  );
}
