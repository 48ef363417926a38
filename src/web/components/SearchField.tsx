import { useLingui } from '@lingui/react/macro';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/** Where a search box sends its words: the URL's `q`, back to page 1, replacing the history entry. */
export type SearchChange = (
  patch: { q: string | undefined; page: number },
  options: { replace: boolean },
) => void;

/** A search box that follows the URL: it sends what is typed once typing pauses, and shows what the URL says. */
export function SearchField({
  value: urlValue,
  onChange,
  placeholder,
}: {
  value: string | undefined;
  onChange: SearchChange;
  placeholder: string;
}) {
  const { t } = useLingui();
  const [value, setValue] = useState(urlValue ?? '');
  const [debounced] = useDebouncedValue(value, 350);
  const pushed = useRef(urlValue);

  // The URL changed by itself (back button, a link, "Clear filters"): show its value.
  useEffect(() => {
    if (urlValue !== pushed.current) {
      pushed.current = urlValue;
      setValue(urlValue ?? '');
    }
  }, [urlValue]);

  useEffect(() => {
    const q = debounced.trim() || undefined;
    if (q === pushed.current) return;
    pushed.current = q;
    onChange({ q, page: 1 }, { replace: true });
  }, [debounced, onChange]);

  return (
    <TextInput
      label={t`Search`}
      type="search"
      placeholder={placeholder}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        value ? <CloseButton size="sm" aria-label={t`Clear search`} onClick={() => setValue('')} /> : null
      }
      autoComplete="off"
    />
  );
}
