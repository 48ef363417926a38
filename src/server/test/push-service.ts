import { createRequire } from 'node:module';
import { createServer } from 'node:net';

/*
 * A local push service for tests: `web-push-testing` (npm) in this process, on a free port. It creates
 * subscriptions as a browser's push service would, decrypts (aes128gcm) and checks the VAPID signature of what it
 * receives, and can expire a subscription so it answers 410.
 */

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };
type Model = { messages: Record<string, string[]> };
type Server = { startServer(): void; _server?: { close(cb: () => void): void } };

const require = createRequire(import.meta.url);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type LocalPushService = {
  url: string;
  /** A subscription for a browser that got `applicationServerKey` (the server's VAPID public key). */
  subscribe(applicationServerKey: string): Promise<Subscription>;
  /** What the subscription received, decrypted and parsed (JSON). */
  received(clientHash: string): Promise<unknown[]>;
  /** How many messages each subscription has received (in process: a bench polls it without HTTP). */
  counts(): Map<string, number>;
  /** From now on the service answers 410 to pushes for it. */
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
};

export async function startPushService(fixedPort?: number): Promise<LocalPushService> {
  const port = fixedPort ?? (await freePort());
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
    PushApiModel: new () => Model;
  };
  const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
    m: Model,
    p: number,
  ) => Server;
  const log = console.log;
  console.log = () => {}; // "Server running on port …"
  const model = new PushApiModel();
  const server = new WebPushTestingServer(model, port);
  server.startServer();
  const url = `http://localhost:${port}`;
  const post = async (path: string, body?: object) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : null,
    });
    return { status: res.status, json: (await res.text()) || 'null' };
  };
  // The server listens once its event loop turn has run.
  for (let i = 0; i < 50 && (await post('/status').catch(() => ({ status: 0 }))).status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 20));
  }
  console.log = log; // restored once it listens (it logs from its listen callback)
  return {
    url,
    async subscribe(applicationServerKey) {
      // It wants userVisibleOnly as the string 'true'.
      const res = await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey });
      if (res.status !== 200) throw new Error(`subscribe: ${res.status} ${res.json}`);
      return (JSON.parse(res.json) as { data: Subscription }).data;
    },
    async received(clientHash) {
      const res = await post('/get-notifications', { clientHash });
      if (res.status !== 200) throw new Error(`get-notifications: ${res.status} ${res.json}`);
      const { data } = JSON.parse(res.json) as { data: { messages: string[] } };
      return data.messages.map((m) => JSON.parse(m) as unknown);
    },
    counts: () => new Map(Object.entries(model.messages).map(([hash, list]) => [hash, list.length])),
    async expire(clientHash) {
      const res = await post(`/expire-subscription/${clientHash}`);
      if (res.status !== 200) throw new Error(`expire: ${res.status}`);
    },
    close: () =>
      new Promise<void>((resolve) => (server._server ? server._server.close(() => resolve()) : resolve())),
  };
}
