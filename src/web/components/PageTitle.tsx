import { useEffect } from 'react';

/** Sets document.title for the current screen. */
export function usePageTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    const brand = document.querySelector('meta[name="application-name"]')?.getAttribute('content');
    document.title = brand ? `${title} · ${brand}` : title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
