import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './scratch';

/** Where Debian puts it, or on the PATH; null when this machine has none (the caller skips, saying so). */
export function redisServerBinary(): string | null {
  for (const candidate of ['/usr/bin/redis-server', 'redis-server']) {
    const r = spawnSync(candidate, ['--version'], { stdio: 'ignore' });
    if (r.status === 0) return candidate;
  }
  return null;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export type RedisServer = { url: string; port: number; process: ChildProcess; stop: () => Promise<void> };

/** A throwaway redis-server on a free loopback port, in memory only (no dump, no append-only file). */
export async function startRedisServer(
  opts: { port?: number; binary?: string | null } = {},
): Promise<RedisServer> {
  const binary = opts.binary === undefined ? redisServerBinary() : opts.binary;
  if (!binary) throw new Error('redis-server is not installed');
  const port = opts.port ?? (await freePort());
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('redis-server did not start within 10 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
