// How `npm run backup` asks the running server for a backup. The embedded database is open in the server alone (its
// folder lock), so the server makes the backup; the script only receives it. The request goes to a listener of its
// own, never the public port: bound to 127.0.0.1 on a port the system picks, outside the API (no route, no OpenAPI
// operation), and answering only a bearer of the token the server wrote at start into DATA_DIR/backup-endpoint.json
// (readable by the server's own user only, like the jwt-secret beside it). Whoever can read that folder already
// holds every byte a backup contains; nobody else, on this machine or the network, can start or download one.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DbSnapshot } from '../db/pglite-snapshot';
import type { ReleaseRemovals } from '../files/removal-hold';
import { writeBackup } from './backup';

export const ENDPOINT_FILE = 'backup-endpoint.json';

type Endpoint = { pid: number; port: number; token: string };
type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type BackupControl = { port: number; close: () => Promise<void> };

const digest = (token: string) => createHash('sha256').update(token).digest();

/** Starts the backup listener and writes its endpoint file; `close` stops it and waits for a backup in progress. */
export async function startBackupControl(opts: {
  dataDir: string;
  snapshot: () => Promise<DbSnapshot>;
  holdRemovals: () => ReleaseRemovals;
  log: Log;
}): Promise<BackupControl> {
  const token = randomBytes(32).toString('base64url');
  const expected = digest(token);
  let running: Promise<void> | null = null;
  let port = 0;

  const refuse = (res: ServerResponse, status: number, message: string) => {
    res
      .writeHead(status, { 'content-type': 'application/json', connection: 'close' })
      .end(JSON.stringify({ message }));
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || req.url !== '/backup') return refuse(res, 404, 'Not found');
    // A browser on this machine (a page that rebinds its host name to 127.0.0.1) never gets this far: it sends an
    // Origin or Fetch-Metadata header and its own Host; the script sends neither and names 127.0.0.1 itself.
    if (req.headers.origin || req.headers['sec-fetch-site'] || req.headers.host !== `127.0.0.1:${port}`)
      return refuse(res, 403, 'Backups are for the local backup script only');
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(bearer), expected)) return refuse(res, 401, 'Wrong or missing backup token');
    if (running) return refuse(res, 409, 'A backup is already running');
    // One request per connection: nothing lingers to hold up the server's stop.
    res.writeHead(200, {
      'content-type': 'application/gzip',
      'cache-control': 'no-store',
      connection: 'close',
    });
    const started = Date.now();
    running = writeBackup(res, {
      dataDir: opts.dataDir,
      snapshot: opts.snapshot,
      holdRemovals: opts.holdRemovals,
    })
      .then(({ manifest, checksums }) => {
        opts.log.info(
          {
            at: manifest.created_at,
            files: manifest.files.count,
            missingFiles: checksums.missing_files.length,
            removalsHeld: checksums.removals_held,
            ms: Date.now() - started,
          },
          'backup sent to the local backup script',
        );
      })
      .catch((err: unknown) => {
        // The reply has begun: cutting the connection is how the script learns the archive is not whole.
        opts.log.error({ err }, 'backup failed');
        res.destroy();
      })
      .finally(() => {
        running = null;
      });
  };

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, resolve);
  });
  port = (server.address() as AddressInfo).port;
  const file = join(opts.dataDir, ENDPOINT_FILE);
  await rm(file, { force: true });
  // Created with the mode (never chmod after the fact), so the token is never readable by anyone else.
  const endpoint: Endpoint = { pid: process.pid, port, token };
  await writeFile(file, JSON.stringify(endpoint), { mode: 0o600, flag: 'wx' });

  return {
    port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await running;
      server.closeIdleConnections();
      await closed;
      if (readEndpoint(opts.dataDir)?.token === token) await rm(file, { force: true });
    },
  };
}

function readEndpoint(dataDir: string): Endpoint | null {
  try {
    const e = JSON.parse(readFileSync(join(dataDir, ENDPOINT_FILE), 'utf8')) as Partial<Endpoint>;
    if (typeof e.pid === 'number' && typeof e.port === 'number' && typeof e.token === 'string')
      return { pid: e.pid, port: e.port, token: e.token };
  } catch {
    // none, or not ours
  }
  return null;
}

/** A refusal the script reports as is (the server said no, or cannot be asked). */
export class BackupRequestError extends Error {}

/**
 * Asks the server `pid` (the holder of the folder's lock) for a backup and streams it to `out`. Rejects if that
 * server wrote no endpoint (still starting, or a version without backups), refuses, or stops before the end.
 */
export async function requestBackup(dataDir: string, pid: number, out: Writable): Promise<void> {
  const endpoint = readEndpoint(dataDir);
  if (!endpoint || endpoint.pid !== pid)
    throw new BackupRequestError(
      `The server using ${dataDir} (process ${pid}) does not take backups yet: wait until it prints its ready line and try again (or stop it: npm run backup then copies the folder itself).`,
    );
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port: endpoint.port,
      method: 'POST',
      path: '/backup',
      headers: { authorization: `Bearer ${endpoint.token}` },
    });
    req.once('response', resolve);
    req.once('error', (err) =>
      reject(new BackupRequestError(`Could not reach the server's backup listener: ${err.message}`)),
    );
    req.end();
  });
  if (res.statusCode !== 200) {
    const chunks: Buffer[] = [];
    for await (const c of res) chunks.push(c as Buffer);
    const message = (() => {
      try {
        return (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message?: string }).message;
      } catch {
        return undefined;
      }
    })();
    throw new BackupRequestError(`The server refused the backup: ${message ?? `status ${res.statusCode}`}`);
  }
  await pipeline(res, out);
}
