import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em) a list shows cards; from it, a table. */
export const CARDS_MEDIA = '(max-width: 47.99em)';

/** True on a phone-sized screen, known on the first render (no table flashing before the cards). */
export function useCardsLayout(): boolean {
  return useMediaQuery(CARDS_MEDIA, false, { getInitialValueInEffect: false }) ?? false;
}
