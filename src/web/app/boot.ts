import type { Company } from '../../contract/companies';

/**
 * What the server writes into the index.html it serves (`<script type="application/json" id="boot">`): the host's
 * company and the build it serves, so the first screen needs no round trip to learn them. Absent when the service
 * worker answered the navigation from its copy (offline, installed app): the app then does as before (the
 * company saved on this device, then the network).
 */
export interface Boot {
  /** What `GET /v1/companies/me` returns, or null when this host has no (active) company. */
  company: Company | null;
  buildId: string;
}

export function readBoot(doc: Document = document): Boot | null {
  const text = doc.getElementById('boot')?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<Boot> | null;
    if (typeof value?.buildId !== 'string') return null;
    const company = value.company;
    return {
      company: company && typeof company === 'object' && typeof company.id === 'string' ? company : null,
      buildId: value.buildId,
    };
  } catch {
    return null; // a damaged block is as good as none
  }
}
