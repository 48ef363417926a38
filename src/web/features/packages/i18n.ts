import type { Messages } from '@lingui/core';
import { registerCatalog } from '../../lib/i18n/catalogs';
import { messages } from './locales/en.po';

// This feature's words: English with its code, another language as its own chunk, loaded before the feature renders.
await registerCatalog(
  messages,
  import.meta.glob<Messages>(['./locales/*.po', '!./locales/en.po'], { import: 'messages' }),
);
