// Set-up for the back office's customer and matching journeys: fresh accounts and parcels received as staff.
import { expect } from 'vitest';
import { apiUrl, DEMO, sharedTokens, uniqueEmail } from './helpers';
import { apiReceive } from './intake';

/** A fresh customer who has signed up but not verified their email. */
export async function unverifiedAccount(tag: string) {
  const account = { email: uniqueEmail(tag), password: 'first-Passphrase-42' };
  const reg = await fetch(apiUrl('/v1/auth/register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Tavia',
      last_name: 'Reid',
      email: account.email,
      phone: '876-555-0144',
      password: account.password,
      parish_id: 2,
      address: '3 Duke Street, Kingston',
    }),
  });
  expect(reg.status, await reg.clone().text()).toBe(201);
  return account;
}

/**
 * The warehouse clerk receives a parcel for a mailbox; returns the package's id. The ONE place the journeys
 * receive a parcel: the receive call is changing (a multipart form with an Unassigned option), so only this
 * function follows it.
 */
export async function receiveAsStaff(trackingNumber: string, mailbox: string): Promise<string> {
  const clerk = await sharedTokens(DEMO.clerk);
  const received = await apiReceive(clerk.access_token, {
    tracking_number: trackingNumber,
    mailbox_number: mailbox,
    weight: 2.5,
  });
  expect(received.status, received.message).toBe(201);
  return received.data.id;
}
