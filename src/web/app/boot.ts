import type { Company } from '../../contract/companies';
import type { BootSession } from '../../contract/first-screen';

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
  /**
   * With a valid session cookie: that session's user (as `GET /v1/auth/me`) and its first screen's answers
   * (contract/first-screen.ts; seeded into the query cache by app/boot-seed.ts). Null otherwise.
   */
  session: BootSession | null;
}

/** The signed-in block (`<script type="application/json" id="boot-session">`, at the end of the body), if any. */
function readSessionBlock(doc: Document): BootSession | null {
  const text = doc.getElementById('boot-session')?.textContent;
  if (!text) return null;
  try {
    const { user, data } = (JSON.parse(text) ?? {}) as Partial<BootSession>;
    if (!user || typeof user !== 'object' || typeof user.id !== 'string') return null;
    return { user, data: data && typeof data === 'object' ? data : {} };
  } catch {
    return null;
  }
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
      session: readSessionBlock(doc),
    };
  } catch {
    return null; // a damaged block is as good as none
  }
}
