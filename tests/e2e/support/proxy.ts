// The fault-injecting proxy of the outbox journeys. The browser opens the portal on http://127.0.0.1:<proxy port>
// (127.0.0.1 is Island Express, like localhost; the server ignores the port). Every request is passed on to the e2e
// server with `Connection: close` (a fresh connection per request, so Chromium never silently resends a failed
// upload on a reused socket); each upload (a pre-alert, receipts, a clerk's intake receipt) is recorded, and the next
// queued fault, if any, is applied to it.
// The whole network can also misbehave (`network`): a black hole (connections accepted, nothing ever answered, for
// new requests and for replies still on their way) or a slow one (every answer held back N ms). A black hole is what
// "lie-fi" looks like to a browser that still says it is online.
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { e2ePort } from './server';

export type Fault =
  /** Reads this many bytes of the request body, then destroys the connection (nothing reaches the server). */
  | { kind: 'reset'; afterBytes: number }
  /** Passes the request on, waits for the server's whole reply, then destroys the connection (reply lost). */
  | { kind: 'drop-reply' }
  /** Answers with this status and envelope itself (nothing reaches the server). */
  | { kind: 'reply'; status: number; body: unknown };

export type Attempt = {
  key: string;
  path: string;
  /** The upload's tracking number, else its package id (receipts). */
  tracking: string;
  /**
   * What happened: 'passed' (the server's reply reached the browser), the fault applied, or 'aborted' (the browser
   * gave up on the request before the proxy had all of it: a reload, a closed tab).
   */
  outcome: 'passed' | Fault['kind'] | 'aborted' | 'held' | 'reply-held';
  /** The server's status (null when the request never reached it). */
  status: number | null;
  /** The server answered from its idempotency store (Idempotent-Replayed: true). */
  replayed: boolean;
  /** When the proxy decided (ms since the epoch). */
  at: number;
};

/** Where the portal sends a pre-alert (the API's spelling). */
export const PREALERT_PATH = '/v1/peralert';
/** Every multipart upload the outbox may carry: pre-alerts, receipts, and a clerk's intake receipt. */
export const UPLOAD_PATHS = new Set([PREALERT_PATH, '/v1/packagereceipts', '/v1/admin/packages/receive']);

export type Network =
  | { kind: 'pass' }
  /** Accepts every connection and answers nothing; replies from the server still on their way are swallowed. */
  | { kind: 'blackhole' }
  /** Passes everything, each request held back `ms` first. */
  | { kind: 'slow'; ms: number };

export class FaultProxy {
  readonly attempts: Attempt[] = [];

  constructor(private readonly upstreamPort: number) {}
  private readonly faults: Fault[] = [];
  private server: Server | undefined;
  port = 0;

  /** Faults for the next POST /v1/peralert requests, one each, in order. */
  inject(...faults: Fault[]) {
    this.faults.push(...faults);
  }

  pendingFaults() {
    return this.faults.length;
  }

  /** A fault for every upload from now on (after the queued ones), until called with null. */
  private standing: Fault | null = null;
  always(fault: Fault | null) {
    this.standing = fault;
  }

  private network: Network = { kind: 'pass' };
  /** Requests and replies the black hole holds: their connections, ended when the network passes again. */
  private readonly held = new Set<IncomingMessage>();
  /** When each request the black hole swallowed arrived (ms since the epoch), its probes included. */
  readonly heldAt: number[] = [];

  /**
   * The network from now on. Back to `pass`, whatever the black hole held is cut off (a reset): requests that
   * reached the server are not answered twice, and the browser's next try is a request of its own.
   */
  setNetwork(network: Network) {
    this.network = network;
    if (network.kind !== 'blackhole') {
      for (const req of this.held) req.socket.destroy();
      this.held.clear();
    }
  }

  private hold(req: IncomingMessage) {
    this.heldAt.push(Date.now());
    this.held.add(req);
    req.on('error', () => undefined);
    req.socket.on('close', () => this.held.delete(req));
    req.resume(); // read and drop whatever the browser sends: the bytes leave it, nothing ever comes back
  }

  private get blackhole() {
    return this.network.kind === 'blackhole';
  }

  /** The upload attempts of one tracking number that got past the proxy's reading (in arrival order). */
  attemptsOf(tracking: string): Attempt[] {
    return this.attempts.filter((a) => a.tracking === tracking);
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const isUpload = req.method === 'POST' && UPLOAD_PATHS.has((req.url ?? '').split('?')[0] ?? '');
      const go = () => {
        if (!isUpload) {
          if (this.blackhole) this.hold(req);
          else this.passThrough(req, res);
          return;
        }
        this.upload(req, res).catch(() => res.destroy());
      };
      const network = this.network;
      if (network.kind === 'slow') setTimeout(go, network.ms);
      else go();
    });
    const server = this.server;
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    this.port = (server.address() as AddressInfo).port;
  }

  /** Any other request: to the e2e server as it is (the Host keeps the proxy's host), the reply streamed back. */
  private passThrough(req: IncomingMessage, res: ServerResponse) {
    const up = httpRequest(
      {
        host: '127.0.0.1',
        port: this.upstreamPort,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, connection: 'close' },
        agent: false,
      },
      (upRes) => {
        if (this.blackhole) {
          // The reply was on its way when the network went dark: it never arrives.
          upRes.resume();
          this.hold(req);
          return;
        }
        const headers: Record<string, string | string[] | undefined> = {
          ...upRes.headers,
          connection: 'close',
        };
        delete headers['keep-alive'];
        res.writeHead(upRes.statusCode ?? 502, headers);
        upRes.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    req.on('error', () => up.destroy());
    req.pipe(up);
  }

  private async upload(req: IncomingMessage, res: ServerResponse) {
    const fault = this.faults.shift() ?? this.standing ?? undefined;
    const key = String(req.headers['idempotency-key'] ?? '');
    const chunks: Buffer[] = [];
    let received = 0;
    const path = (req.url ?? '').split('?')[0] ?? '';
    const record = (outcome: Attempt['outcome'], status: number | null, replayed = false) => {
      const body = Buffer.concat(chunks).toString('latin1');
      const field = (name: string) => new RegExp(`name="${name}"\r\n\r\n([^\r]*)\r\n`).exec(body)?.[1];
      const tracking = field('tracking_number') ?? field('package_id') ?? '';
      this.attempts.push({ key, path, tracking, outcome, status, replayed, at: Date.now() });
    };
    if (fault?.kind === 'reset') {
      req.on('error', () => undefined); // the reset itself
      req.on('data', (chunk: Buffer) => {
        if (received >= fault.afterBytes) return;
        chunks.push(chunk);
        received += chunk.length;
        if (received >= fault.afterBytes) {
          record('reset', null);
          req.socket.destroy();
        }
      });
      req.on('end', () => {
        // The whole body arrived before the threshold: still reset, the browser gets no reply.
        if (received < fault.afterBytes) {
          record('reset', null);
          req.socket.destroy();
        }
      });
      return;
    }
    // The whole body first (the browser's own throttling decides how fast it is sent), then the decision.
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      record('aborted', null);
      return;
    }
    const body = Buffer.concat(chunks);
    if (this.blackhole) {
      // Every byte left the browser; nothing reaches the server, nothing comes back.
      record('held', null);
      this.hold(req);
      return;
    }
    if (fault?.kind === 'reply') {
      record('reply', fault.status);
      const text = JSON.stringify(fault.body);
      res.writeHead(fault.status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
        connection: 'close',
      });
      res.end(text);
      return;
    }
    const up = httpRequest({
      host: '127.0.0.1',
      port: this.upstreamPort,
      method: 'POST',
      path: req.url,
      headers: { ...req.headers, 'content-length': String(body.length), connection: 'close' },
      agent: false,
    });
    up.on('response', async (upRes) => {
      const replyChunks: Buffer[] = [];
      for await (const c of upRes) replyChunks.push(c as Buffer);
      const replayed = upRes.headers['idempotent-replayed'] === 'true';
      if (this.blackhole) {
        // The server took it; the network went dark before its reply got back.
        record('reply-held', upRes.statusCode ?? null, replayed);
        this.hold(req);
        return;
      }
      if (fault?.kind === 'drop-reply') {
        record('drop-reply', upRes.statusCode ?? null, replayed);
        req.socket.destroy();
        return;
      }
      record('passed', upRes.statusCode ?? null, replayed);
      const headers: Record<string, string | string[] | undefined> = {
        ...upRes.headers,
        connection: 'close',
      };
      delete headers['keep-alive'];
      delete headers['transfer-encoding'];
      const reply = Buffer.concat(replyChunks);
      headers['content-length'] = String(reply.length);
      res.writeHead(upRes.statusCode ?? 502, headers);
      res.end(reply);
    });
    up.on('error', () => {
      record('passed', null);
      res.destroy();
    });
    up.end(body);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  }
}

/** A 503 with the API's envelope, as a busy server answers. */
export const UNAVAILABLE: Fault = {
  kind: 'reply',
  status: 503,
  body: { success: false, message: 'Service unavailable', data: null, statusCode: 503 },
};

/** A proxy in front of the e2e server for the file's tests: started before them, stopped after them. */
export function setupFaultProxy(): FaultProxy {
  const proxy = new FaultProxy(e2ePort());
  beforeAll(() => proxy.start());
  afterAll(() => proxy.stop());
  return proxy;
}
