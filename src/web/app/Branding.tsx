import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { companyQueryOptions } from '../features/tenant/api';
import { buildPalette, DEFAULT_PRIMARY, FILLED_SHADE } from '../lib/palette';

function setMeta(name: string, content: string) {
  let el = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Brands the document: theme-color meta, application name, favicon and title from the tenant. */
export function useDocumentBranding() {
  const { data: company } = useQuery(companyQueryOptions());
  useEffect(() => {
    const color = buildPalette(company?.primary_color ?? DEFAULT_PRIMARY)[FILLED_SHADE];
    if (color) setMeta('theme-color', color);
    if (company) {
      setMeta('application-name', company.name);
      // A screen that set its title before the company was known (a shell from the service worker's cache) gets
      // the name now; later screens read it from the meta (usePageTitle).
      const title = document.title;
      if (!title || title === 'Customer portal') document.title = company.name;
      else if (!title.endsWith(` · ${company.name}`) && title !== company.name)
        document.title = `${title} · ${company.name}`;
    }
  }, [company]);
}
