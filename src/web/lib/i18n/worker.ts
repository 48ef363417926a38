import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

// The service worker speaks English: it has no catalogs (its build keeps each message's English words, compiled
// here when first used). What it writes for a person (an outbox item's error, a push fallback) is rare: the app
// itself, in the person's language, sends and explains nearly everything.
i18n.setMessagesCompiler(compileMessage);
i18n.load('en', {});
i18n.activate('en');
