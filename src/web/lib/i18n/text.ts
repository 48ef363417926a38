import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';

/**
 * Words a shared component is given: already translated (a string made with `t` in a component) or a message
 * (`msg` at module level, e.g. a table's column headers), translated when drawn.
 */
export type Words = string | MessageDescriptor;

/** Translates `Words` in the current language (re-renders when it changes). */
export function useWords(): (words: Words, values?: Record<string, unknown>) => string {
  const { i18n } = useLingui();
  return (words, values) =>
    typeof words === 'string' ? words : i18n._({ ...words, values: values ?? words.values });
}
