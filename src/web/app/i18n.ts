import type { Messages } from '@lingui/core';
import { messages as contractEn } from '../../contract/locales/en.po';
import { registerCatalog } from '../lib/i18n/catalogs';
import { messages as shellEn } from '../locales/en.po';

/** The shell's and shared components' words, and the contract's (statuses, reasons, validation): on every screen. */
export const shellCatalogs = Promise.all([
  registerCatalog(
    shellEn,
    import.meta.glob<Messages>(['../locales/*.po', '!../locales/en.po'], { import: 'messages' }),
  ),
  registerCatalog(
    contractEn,
    import.meta.glob<Messages>(['../../contract/locales/*.po', '!../../contract/locales/en.po'], {
      import: 'messages',
    }),
  ),
]);
