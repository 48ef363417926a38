// A catalog (`locales/<locale>.po`) imported by the PWA: @lingui/vite-plugin compiles it at build time.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
