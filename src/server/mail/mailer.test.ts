import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { expectError, expectOk, registerBody } from '../test/helpers';

type Received = { from: string; to: string[]; raw: string };

/** Undoes quoted-printable soft breaks and escapes, so links split by the encoding can be found whole. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe('mail through SMTP (SMTP_URL)', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the verification mail to the SMTP server, with the link for the host', async () => {
    const body = registerBody();
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/register',
      host: 'blue.localhost:8080',
      payload: body,
    });
    expectOk(res, 201);

    const until = Date.now() + 3000;
    while (!received.some((m) => m.to.includes(String(body.email))) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const mail = received.find((m) => m.to.includes(String(body.email)));
    expect(mail, 'no message reached the SMTP server').toBeTruthy();
    expect(mail?.from).toBe('care@blueparcel.test');
    const text = decodeQuotedPrintable(mail?.raw ?? '');
    expect(text).toMatch(/^Subject: Confirm your email for Blue Parcel/m);
    expect(text).toMatch(/http:\/\/blue\.localhost:8080\/verification\/[A-Za-z0-9_-]{40,}/);
  });

  it('has no local mailbox', async () => {
    expectError(await t.request({ method: 'GET', url: '/dev/mailbox.json' }), 404);
    expectError(await t.request({ method: 'GET', url: '/dev/mailbox' }), 404);
  });
});

describe('an SMTP server that is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here: every delivery fails at once.
    t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
  });
  afterAll(() => t.close());

  it('does not lose the sign-up: the account is created and the failure is logged (the mail will be retried)', async () => {
    const body = registerBody();
    const res = await t.request({ method: 'POST', url: '/v1/auth/register', payload: body });
    expectOk(res, 201);
    await expect(t.login(String(body.email), String(body.password))).resolves.toBeTruthy();
    const failed = (l: string) =>
      l.includes('mail failed: it will be retried') && l.includes(String(body.email));
    for (const until = Date.now() + 5_000; !t.logs.some(failed) && Date.now() < until; )
      await new Promise((r) => setTimeout(r, 20));
    expect(t.logs.some(failed)).toBe(true);
  });
});
