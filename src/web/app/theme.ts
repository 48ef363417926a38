import { t } from '@lingui/core/macro';
import { type CSSVariablesResolver, createTheme, type MantineThemeOverride } from '@mantine/core';
import { buildPalette, DEFAULT_PRIMARY, FILLED_SHADE } from '../lib/palette';
import type { LayoutSettings } from './settings';

/** The app theme: the tenant's primary colour (purple by default) and the chosen skin. */
export function buildTheme(
  primaryColor: string | undefined,
  skin: LayoutSettings['skin'],
): MantineThemeOverride {
  const bordered = skin === 'bordered';
  return createTheme({
    colors: { brand: buildPalette(primaryColor ?? DEFAULT_PRIMARY) },
    primaryColor: 'brand',
    primaryShade: { light: FILLED_SHADE, dark: 8 },
    defaultRadius: 'md',
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    components: {
      // Links inside text must not rely on colour alone (WCAG 1.4.1).
      Anchor: { defaultProps: { underline: 'always' } },
      // The focus placeholder is a tabindex'ed presentational child of role=menu, which axe rejects.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // Labels read exactly as written ("Password", not "Password *"); every field is required unless its
      // label says "(optional)", and the inputs still carry the required attribute.
      // Every kind of field follows it, so no form marks its required fields differently from another.
      TextInput: { defaultProps: { withAsterisk: false } },
      Select: { defaultProps: { withAsterisk: false } },
      NumberInput: { defaultProps: { withAsterisk: false } },
      Textarea: { defaultProps: { withAsterisk: false } },
      MultiSelect: { defaultProps: { withAsterisk: false } },
      Autocomplete: { defaultProps: { withAsterisk: false } },
      FileInput: { defaultProps: { withAsterisk: false } },
      RadioGroup: { defaultProps: { withAsterisk: false } },
      CheckboxGroup: { defaultProps: { withAsterisk: false } },
      PasswordInput: {
        defaultProps: {
          withAsterisk: false,
          visibilityToggleButtonProps: { 'aria-label': t`Show or hide the characters` },
        },
      },
      // Toasts: the close button has no name of its own, and the text under a title is gray.6 (3.3:1 on white).
      Notification: {
        defaultProps: { closeButtonProps: { 'aria-label': t`Close notification` } },
        styles: { description: { color: 'var(--mantine-color-dimmed)' } },
      },
      Card: { defaultProps: { withBorder: bordered, shadow: bordered ? 'none' : 'sm', radius: 'md' } },
      Paper: { defaultProps: { withBorder: bordered, shadow: bordered ? 'none' : 'xs' } },
    },
  });
}

/**
 * Mantine's light-mode greys and reds (dimmed text, error text, light alerts) are about 3.3:1 on white:
 * use darker shades so every text passes WCAG AA.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': theme.colors.gray[7] ?? '#495057',
    '--mantine-color-error': theme.colors.red[9] ?? '#c92a2a',
    '--mantine-color-red-light-color': theme.colors.red[9] ?? '#c92a2a',
    '--mantine-color-red-text': theme.colors.red[9] ?? '#c92a2a',
    // Mantine's darkest greens, oranges, yellows and teals are still under 4.5:1 on their own light backgrounds
    // (orange-9 on orange-light is 3.6:1): these hand-picked shades pass on white and on the light tints.
    '--mantine-color-green-light-color': '#1e6b30',
    '--mantine-color-green-text': '#1e6b30',
    '--mantine-color-orange-light-color': '#9c3a0c',
    '--mantine-color-orange-text': '#9c3a0c',
    '--mantine-color-yellow-light-color': '#7a4a00',
    '--mantine-color-yellow-text': '#7a4a00',
    '--mantine-color-teal-light-color': '#05614a',
    '--mantine-color-teal-text': '#05614a',
    '--mantine-color-gray-light-color': theme.colors.gray[8] ?? '#343a40',
    '--mantine-color-gray-text': theme.colors.gray[8] ?? '#343a40',
  },
  dark: {
    '--mantine-color-anchor': theme.colors.brand?.[3] ?? '#b693ec',
    '--mantine-color-dimmed': theme.colors.dark[1] ?? '#b8b8b8',
    // Mantine's dark-scheme error red (red-8) is 3:1 on a dark card.
    '--mantine-color-error': theme.colors.red[4] ?? '#ff8787',
    // Mantine's dark-scheme grey tint is near black: a grey badge ("Pre-alerted") read as a black pill on a dark
    // grey row. A light grey tint reads as a badge like the other tones, its text (gray-2) still over 6:1.
    '--mantine-color-gray-light': 'rgba(173, 181, 189, 0.18)',
    '--mantine-color-gray-light-hover': 'rgba(173, 181, 189, 0.26)',
  },
});
