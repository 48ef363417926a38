import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

/** The real server in a child process (`npm start`'s entry), for the tests that kill it. */

export const repoRoot = resolve(__dirname, '../../..');

export type ChildServer = {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; stderr: string }>;
  /** What it printed on stdout so far (the ready lines, then its JSON log). */
  stdout: () => string;
};

/** The server's command line: `env` over this process's, on a free port, with no web build to serve. */
export function spawnServer(env: Record<string, string>, stdio: 'pipe' | 'ignore' = 'pipe'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'src/server/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'warn',
      WEB_DIR: join(env.DATA_DIR ?? '', 'no-web'),
      ...env,
    },
    stdio: ['ignore', stdio, 'pipe'],
  });
}

/** Starts the server and resolves once it printed its ready line (Island Express's URL). */
export function startServer(env: Record<string, string>): Promise<ChildServer> {
  const child = spawnServer(env);
  let stdout = '';
  let stderr = '';
  const exited = new Promise<{ code: number | null; stderr: string }>((done) =>
    child.on('exit', (code) => done({ code, stderr })),
  );
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  return new Promise((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${stdout}\n${stderr}`)), 60_000);
    child.stdout?.on('data', (d) => {
      stdout += String(d);
      const m = /Island Express:\s+(http:\/\/\S+)/.exec(stdout);
      if (m?.[1]) {
        clearTimeout(timer);
        ready({ child, url: m[1].replace('localhost', '127.0.0.1'), exited, stdout: () => stdout });
      }
    });
    void exited.then(({ code }) => {
      clearTimeout(timer);
      fail(new Error(`server exited (${code}) before it was ready:\n${stderr}`));
    });
  });
}

/** kill -9: no handler runs, nothing is flushed. */
export async function kill(server: ChildServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** A graceful stop (SIGTERM): requests and jobs in hand finish, the database is closed. */
export async function stop(server: ChildServer): Promise<void> {
  server.child.kill('SIGTERM');
  const { code, stderr } = await server.exited;
  if (code !== 0) throw new Error(`server stopped with ${code}:\n${stderr}`);
}
