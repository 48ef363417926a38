import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The portal's languages (src/contract/locales.ts owns the list the product offers; this file owns the catalogs).
 * English is the source: the words in the code are the English text, and every other language's catalog is checked
 * complete by `npm test` (scripts/i18n-check.mjs).
 *
 * One catalog per feature folder (`src/web/features/<name>/locales/<locale>.po`), loaded with that feature's code,
 * so a screen only carries its own words; one for the PWA's shell and shared components, one for the contract
 * (statuses, reasons, validation messages: shared by the PWA and the server) and one for the server (mails, bell
 * notices, the invoice PDF, API errors).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'fr', 'ar'],
  // Origins without line numbers: a catalog changes when words do, not when code moves.
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
  // The contract and the server run without a build step (tsx): they write messages with the runtime flavour of
  // `msg`, which the extractor and the PWA's build read like the compile-time macro.
  experimental: { runtimeMacro: true },
  catalogs: [
    {
      path: '<rootDir>/src/web/features/{name}/locales/{locale}',
      include: ['<rootDir>/src/web/features/{name}/'],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/web/locales/{locale}',
      include: ['<rootDir>/src/web/'],
      exclude: ['<rootDir>/src/web/features/**', '**/*.test.*'],
    },
    {
      path: '<rootDir>/src/contract/locales/{locale}',
      include: ['<rootDir>/src/contract/'],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/server/locales/{locale}',
      include: ['<rootDir>/src/server/'],
      exclude: ['**/*.test.*', '<rootDir>/src/server/test/**'],
    },
  ],
});
