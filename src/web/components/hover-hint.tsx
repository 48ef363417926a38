import { Tooltip } from '@mantine/core';
import { type ReactNode, type RefObject, useState } from 'react';

/**
 * A hover hint for a button: Mantine's Tooltip, mounted only while it shows. A mounted Tooltip keeps a portal, a
 * transition and a floating-UI instance per button even while hidden, and the dashboard's twenty copy buttons cost
 * more to mount that way than the rest of its cards. Like Mantine's default it shows on mouse hover; the button's
 * own aria-label names it for everyone else.
 */
export function useHoverHint(target: RefObject<HTMLElement | null>) {
  const [shown, setShown] = useState(false);
  return {
    /** Spread on the button. */
    hintTarget: { onMouseEnter: () => setShown(true), onMouseLeave: () => setShown(false) },
    /** Rendered beside the button (after it, so the button keeps its place in the tree). */
    hint: (label: ReactNode) => (shown ? <Tooltip target={target} opened label={label} withArrow /> : null),
  };
}
