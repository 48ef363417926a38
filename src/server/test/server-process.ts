import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

/** The real server (`src/server/main.ts`, `npm start`'s entry) in a child process, for the tests that crash it. */
export const root = resolve(__dirname, '../../..');

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; stderr: string }>;
  /** What it printed on stdout so far (the ready lines, then its JSON log). */
  stdout: () => string;
};

/** The server's command line: `env` over this process's, on a free port, with no web build to serve. */
export function spawnServer(env: Record<string, string>, stdio: 'pipe' | 'ignore' = 'pipe'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
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

/** Starts the server on `env` (DATA_DIR at least) and resolves once it printed its ready line. */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
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

/** SIGKILL: what a crash, an OOM kill or a pulled plug does; no handler runs, nothing is flushed. */
export async function kill(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/**
 * SIGTERM, the graceful stop: requests and jobs in hand finish, the database closes, the folder's lock is released.
 * A server that does not exit cleanly fails the test.
 */
export async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  const { code, stderr } = await server.exited;
  if (code !== 0) throw new Error(`server stopped with ${code}:\n${stderr}`);
}

/** Runs one of `scripts/*.ts` as `npm run` does, and collects what it printed. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += String(d);
  });
  child.stderr.on('data', (d) => {
    stderr += String(d);
  });
  return new Promise((done) => child.on('exit', (code) => done({ code, stdout, stderr })));
}
