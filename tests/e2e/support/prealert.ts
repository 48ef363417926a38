// The pre-alert form (/user/packages/pre-alert) and the pre-alerts on the server: shared by the package journeys
// and the outbox journeys.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Payload, pdf, sha256 } from './files';
import { apiCall, apiUrl, notification, until } from './helpers';
import { PREALERT_PATH } from './proxy';

/** Unique per run (and per file), so a rerun against a reused server (E2E_PORT) sends new tracking numbers. */
const RUN = Date.now().toString(36).toUpperCase();
/** A tracking number of this run: `prefix`, the run, `tag`. */
export const trackingOf = (prefix: string, tag: string) => `${prefix}${RUN}${tag}`;

/** A text field of the form by its exact label. */
export const prealertField = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
/** A file input by its exact label (the pre-alert's by default). */
export const fileInput = (page: Page, label = 'Invoice or receipt files') =>
  page.getByLabel(label, { exact: true });

/** The form is there, with its drop area (fetched on demand: its file input). */
export async function formReady(page: Page) {
  await until(() => page.getByRole('heading', { name: 'Pre-alert a package', level: 1 }).isVisible(), {
    timeout: 20_000,
  }).toBe(true);
  await until(() => fileInput(page).count(), { timeout: 15_000 }).toBe(1);
}

/** Opens the pre-alert screen and waits for the form. */
export async function openPrealertScreen(page: Page) {
  await page.goto('/user/packages/pre-alert');
  await formReady(page);
}

export type PrealertInput = {
  tracking: string;
  files: Payload[];
  seller?: string;
  description?: string;
  weight?: string;
  value?: string;
  type?: string;
};

/** Fills the form (a parcel of books and a lamp from Amazon unless told otherwise) and chooses its files. */
export async function fillPrealert(page: Page, v: PrealertInput) {
  const type = v.type ?? 'Box';
  await prealertField(page, 'Tracking number').fill(v.tracking);
  await prealertField(page, 'Seller or store').fill(v.seller ?? 'Amazon');
  await prealertField(page, 'Description').fill(v.description ?? 'Books and a lamp');
  await prealertField(page, 'Weight (lb)').fill(v.weight ?? '3.5');
  await prealertField(page, 'Declared value (US$)').fill(v.value ?? '52.25');
  await page.getByRole('combobox', { name: 'Package type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await until(() => page.getByRole('combobox', { name: 'Package type' }).inputValue()).toBe(type);
  await fileInput(page).setInputFiles(v.files);
  await until(() => page.getByRole('list', { name: `Chosen files (${v.files.length})` }).isVisible()).toBe(
    true,
  );
}

/** The card of one pre-alert in "Your pre-alerts". */
export const prealertCard = (page: Page, trackingNumber: string) =>
  page
    .getByRole('list', { name: 'Your pre-alerts' })
    .locator(':scope > li')
    .filter({ has: page.getByText(trackingNumber, { exact: true }) });

/** The state of a pre-alert's card (pending, matched, cancelled…). */
export const badgeState = (card: Locator) => card.locator('[data-state]').first().getAttribute('data-state');

/** Sends a pre-alert through the form and waits for "Pre-alert sent" and its card. */
export async function sendPrealert(page: Page, v: PrealertInput) {
  await fillPrealert(page, v);
  await page.getByRole('button', { name: 'Send pre-alert' }).click();
  await until(() => notification(page, 'Pre-alert sent').isVisible(), { timeout: 20_000 }).toBe(true);
  await until(() => prealertCard(page, v.tracking).count()).toBe(1);
}

/** Pre-alerts a parcel through the API (as another device would), with these files (a small PDF by default). */
export async function createPrealert(
  token: string,
  v: { tracking: string; description?: string; seller?: string; files?: Payload[] },
) {
  const form = new FormData();
  for (const [k, value] of Object.entries({
    tracking_number: v.tracking,
    seller_name: v.seller ?? 'eBay',
    description: v.description ?? 'Sent from my phone',
    weight: '1',
    value: '10',
    package_type: 'box',
  }))
    form.append(k, value);
  const files = v.files ?? [{ name: 'phone.pdf', mimeType: 'application/pdf', buffer: pdf('other device') }];
  for (const f of files)
    form.append('files', new Blob([new Uint8Array(f.buffer)], { type: f.mimeType }), f.name);
  const res = await fetch(apiUrl(PREALERT_PATH), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

type ServerFile = { id: string; name: string; url: string; size_bytes: number };
export type ServerPrealert = { id: string; tracking_number: string; status: string; files: ServerFile[] };

/** Every pre-alert of the user with this tracking number, from the API (all pages). */
export async function prealertsOf(token: string, tracking: string): Promise<ServerPrealert[]> {
  const found: ServerPrealert[] = [];
  for (let page = 1; ; page++) {
    const reply = await apiCall<{ items: ServerPrealert[]; total: number; pageSize: number }>(
      token,
      `${PREALERT_PATH}?page=${page}&pageSize=100`,
    );
    expect(reply.status, reply.message).toBe(200);
    found.push(...reply.data.items.filter((p) => p.tracking_number === tracking));
    if (page * reply.data.pageSize >= reply.data.total) return found;
  }
}

/** The files of a pre-alert as stored by the server: name → sha256 of the bytes it serves. */
async function serverFileHashes(token: string, prealert: ServerPrealert): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of prealert.files) {
    const res = await fetch(apiUrl(`/v1/files/${f.id}`), { headers: { authorization: `Bearer ${token}` } });
    expect(res.status, `GET /v1/files/${f.id}`).toBe(200);
    out[f.name] = sha256(Buffer.from(await res.arrayBuffer()));
  }
  return out;
}

/** Exactly one pre-alert of `tracking` on the server, whose files are byte for byte the ones uploaded. */
export async function expectOnePrealertWithFiles(token: string, tracking: string, files: Payload[]) {
  const found = await prealertsOf(token, tracking);
  expect(
    found.map((p) => p.tracking_number),
    `pre-alerts of ${tracking}`,
  ).toEqual([tracking]);
  const [prealert] = found as [ServerPrealert];
  expect(await serverFileHashes(token, prealert)).toEqual(
    Object.fromEntries(files.map((f) => [f.name, sha256(f.buffer)])),
  );
  return prealert;
}
