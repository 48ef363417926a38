import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { deleteCookie } from '../lib/session/cookies';
// Lingui active in English for every test, also those that render nothing (lib code reads its words with `t`).
import '../lib/i18n/catalogs';

// jsdom lacks the browser APIs Mantine relies on.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
Element.prototype.scrollIntoView = () => {};
window.HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });

const { getComputedStyle } = window;
window.getComputedStyle = (elt: Element) => getComputedStyle(elt);

afterEach(() => {
  cleanup();
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    if (name) deleteCookie(name);
  }
  localStorage.clear();
});
