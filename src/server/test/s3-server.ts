import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TestS3Server = {
  /** http://127.0.0.1:<port>, for S3_ENDPOINT (path-style). */
  endpoint: string;
  bucket: string;
  /** s3rver accepts these (it checks signatures against them). */
  accessKeyId: string;
  secretAccessKey: string;
  /** The variables that point the app at this server. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

// Runs in the child: s3rver on loopback, its address sent back once listening; it stops when told or orphaned.
const CHILD = `
const S3rver = require(process.env.S3RVER_PATH);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(process.env.S3RVER_PORT),
  silent: true,
  directory: process.env.S3RVER_DIR,
  vhostBuckets: false,
  configureBuckets: [{ name: process.env.S3RVER_BUCKET }],
});
const stop = () => server.close().finally(() => process.exit(0));
process.on('message', (m) => { if (m === 'close') stop(); });
process.on('disconnect', stop);
server.run().then((address) => process.send({ port: address.port }), (err) => {
  console.error(err);
  process.exit(1);
});
`;

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1, on a free port (or `port`), storing in a fresh folder under the
 * temp directory, with one bucket. It runs in a child process with OpenSSL's legacy provider: s3rver encrypts
 * ListObjectsV2 continuation tokens with DES, which Node's default OpenSSL 3 refuses (a listing longer than one page
 * would answer 500). No test-runner imports: the scale-out script (plain node via tsx) uses it too.
 */
export async function startS3Server(
  opts: { bucket?: string; directory?: string; port?: number } = {},
): Promise<TestS3Server> {
  const bucket = opts.bucket ?? 'portal-files';
  const directory = opts.directory ?? mkdtempSync(join(tmpdir(), 's3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', CHILD], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      PATH: process.env.PATH ?? '',
      S3RVER_PATH: createRequire(import.meta.url).resolve('s3rver'),
      S3RVER_PORT: String(opts.port ?? 0),
      S3RVER_DIR: directory,
      S3RVER_BUCKET: bucket,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    },
    close: async () => {
      if (child.exitCode === null && child.connected) child.send('close');
      await exited;
      if (!opts.directory) rmSync(directory, { recursive: true, force: true });
    },
  };
}
