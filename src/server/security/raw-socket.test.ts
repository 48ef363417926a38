import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * What Node's HTTP parser refuses never reaches Fastify's routes, and `inject` cannot produce it: these go over a
 * real socket, and must still answer the envelope (hardening item 13).
 */
describe('raw HTTP errors answer the envelope', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening on a port');
    port = address.port;
  });
  afterAll(() => t.close());

  /** Sends `raw` as is and reads until the server closes the connection (or 5 s pass). */
  function send(raw: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1' });
      const chunks: Buffer[] = [];
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no complete reply in 5 s; got: ${Buffer.concat(chunks).toString('latin1')}`));
      }, 5000);
      const finish = () => {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString('utf8'));
      };
      socket.on('data', (c) => chunks.push(c));
      socket.on('end', finish);
      // The server may reset the connection while we still write a huge header: what it wrote first still counts.
      socket.on('error', finish);
      // No half-close after writing: a server may drop a request whose client said FIN before the reply; every
      // request here ends the connection itself (Connection: close, or an error the server closes on).
      socket.on('connect', () => socket.write(raw));
    });
  }

  function parse(reply: string): { status: number; headers: string; body: unknown } {
    const at = reply.indexOf('\r\n\r\n');
    expect(at, reply).toBeGreaterThan(0);
    const head = reply.slice(0, at);
    const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]);
    return { status, headers: head, body: JSON.parse(reply.slice(at + 4)) };
  }

  it('a 100 KB header is a 431 envelope', async () => {
    const reply = await send(
      `GET /v1/companies/me HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(100 * 1024)}\r\n\r\n`,
    );
    const { status, headers, body } = parse(reply);
    expect(status).toBe(431);
    expect(headers).toMatch(/content-type: application\/json/i);
    expect(body).toMatchObject({ success: false, data: null, statusCode: 431 });
    expect(typeof (body as { message: unknown }).message).toBe('string');
  });

  it('a garbage request line is a 400 envelope', async () => {
    const { status, body } = parse(await send('HELLO THERE\r\n\r\n'));
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, data: null, statusCode: 400 });
  });

  it('a header with a control character is a 400 envelope', async () => {
    const { status, body } = parse(
      await send('GET /v1/companies/me HTTP/1.1\r\nHost: local\u0001host\r\n\r\n'),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, data: null, statusCode: 400 });
  });

  it('bad URL encoding over a real socket is a 400 envelope', async () => {
    const { status, body } = parse(
      await send('GET /v1/packages/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, data: null, statusCode: 400 });
  });

  it('a well-formed request still works on the same server', async () => {
    const { status, body } = parse(
      await send('GET /v1/companies/me HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, statusCode: 200 });
  });
});
