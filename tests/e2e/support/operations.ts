// The back office's packages and shipments journeys: parcels received through the API as the warehouse does, and
// what a customer's bell holds.
import { expect } from 'vitest';
import { type Account, apiCall, apiLogin, DEMO, freshAccount, sharedTokens, whoAmI } from './helpers';
import { apiReceive } from './intake';

let seq = 0;
const RUN = Date.now().toString(36).toUpperCase();
/** A tracking number of this run. */
export const opsTracking = (tag: string) => `OPS${RUN}${tag}${(seq++).toString(36).toUpperCase()}`;

export type Customer = Account & { first: string; last: string; token: string; id: string; mailbox: string };

/** A fresh verified customer of the demo company, with a session and their mailbox number. */
export async function opsCustomer(tag: string): Promise<Customer> {
  const account = await freshAccount(tag);
  const token = (await apiLogin(account)).access_token;
  const me = await whoAmI(token);
  return { ...account, token, id: me.id, mailbox: me.mailbox_number };
}

/** The warehouse receives a parcel for a mailbox; returns the package's id. */
export async function receiveFor(mailbox: string, tracking: string, weight = 2.5): Promise<string> {
  const admin = await sharedTokens(DEMO.admin);
  const r = await apiReceive(admin.access_token, {
    tracking_number: tracking,
    mailbox_number: mailbox,
    weight,
    declared_value: 40,
    description: 'Books',
  });
  expect(r.status, r.message).toBe(201);
  return r.data.id;
}

/** The warehouse receives a parcel whose label names nobody it knows: it is saved Unassigned. */
export async function receiveUnassigned(tracking: string): Promise<string> {
  const admin = await sharedTokens(DEMO.admin);
  const r = await apiReceive<{ id: string; owner: unknown }>(admin.access_token, {
    tracking_number: tracking,
    mailbox_number: `NOBODY${seq++}`,
    weight: 3,
    description: 'Unlabelled box',
  });
  expect(r.status, r.message).toBe(201);
  expect(r.data.owner).toBeNull();
  return r.data.id;
}

/** How many notifications a customer has (their bell's list). */
export async function notificationCount(token: string): Promise<number> {
  const r = await apiCall<{ total: number }>(token, '/v1/notifications?pageSize=1');
  expect(r.status, r.message).toBe(200);
  return r.data.total;
}

/** The customer's notifications about a tracking number. */
export async function notificationsAbout(token: string, tracking: string) {
  const r = await apiCall<{ items: { title: string; body: string }[] }>(
    token,
    '/v1/notifications?pageSize=100',
  );
  expect(r.status, r.message).toBe(200);
  return r.data.items.filter((n) => n.title.includes(tracking) || n.body.includes(tracking));
}
