import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../../src/server/test/scratch';
import {
  type Instance,
  removeDataDir,
  startInstance,
  startProxy,
  startServices,
} from '../../cluster/support/cluster';
import { journeyBuild, root } from './build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Ports of the real servers the journeys drive (serving the built PWA and the API): one per worker. */
    e2ePorts: number[];
    /** The folders those servers serve the built PWA from (one each per run: concurrent runs never share a build). */
    e2eWebDirs: string[];
  }
}

/**
 * Builds the PWA once (always: the journeys must run against the code under test, never a stale build; `npm test`
 * shares one build between its two journey steps, see journeyBuild), then starts the real server on a fresh embedded
 * database in a temporary DATA_DIR: E2E_SERVERS of them (default 1), one per worker when the files run side by side
 * (see support/server.ts).
 */
export default async function setup(project: TestProject) {
  // Debugging aid: E2E_PORT=<port> drives a server you already started (with WEB_DIR set to a fresh build)
  // instead of building and starting one. Rate limits are per server: restart it between runs.
  const reuse = Number(process.env.E2E_PORT);
  if (reuse > 0) {
    project.provide('e2ePorts', [reuse]);
    project.provide('e2eWebDirs', [process.env.E2E_WEB_DIR ?? join(root, 'dist/e2e-web')]);
    return;
  }
  mkdirSync(join(root, 'dist'), { recursive: true });
  const built = journeyBuild('web');
  const instances = Number(process.env.E2E_CLUSTER ?? 0);
  const count = instances > 0 ? 1 : Math.max(1, Number(process.env.E2E_SERVERS ?? 1) || 1);
  // Each server serves a copy of its own: journeys that deploy a newer build write into it.
  const outDirs = Array.from({ length: count }, () => {
    const outDir = mkdtempSync(join(root, 'dist/e2e-web-'));
    cpSync(built.dir, outDir, { recursive: true });
    return outDir;
  });
  if (!built.cached) rmSync(built.dir, { recursive: true, force: true });
  // Files side by side may both deploy a newer build: make it once here, not twice at once into the cached folder.
  else if (count > 1) journeyBuild('next', { BUILD_ID: `e2e-next-${Date.now().toString(36)}` });
  if (instances > 0) return startCluster(project, outDirs[0] as string, instances);

  const servers = await Promise.all(outDirs.map((outDir) => startServer(outDir)));
  project.provide(
    'e2ePorts',
    servers.map((s) => s.port),
  );
  project.provide('e2eWebDirs', outDirs);
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}

/** The real server on a fresh embedded database, serving `outDir`; `stop` also removes its data and that folder. */
async function startServer(outDir: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIR: outDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
      // Every journey signs in from this one address: the per-client limit is the API suite's to prove.
      AUTH_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (d) => {
    output += d;
  });
  server.stderr.on('data', (d) => {
    output += d;
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/companies/me`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/**
 * E2E_CLUSTER=N: the journeys drive N instances on PostgreSQL, Redis and S3 behind a round-robin proxy (each of a
 * page's requests may land on another instance). They share one DATA_DIR, as a shared volume would, for the local
 * mailbox a journey may read.
 */
async function startCluster(project: TestProject, outDir: string, count: number) {
  const services = await startServices();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-cluster-'));
  const env = { ...services.env, WEB_DIR: outDir, AUTH_RATE_LIMIT: '1000' };
  const nodes: Instance[] = [await startInstance(env, { dataDir })];
  for (let i = 1; i < count; i++) nodes.push(await startInstance(env, { dataDir }));
  const proxy = await startProxy(() => nodes.map((n) => n.url));
  project.provide('e2ePorts', [proxy.port]);
  project.provide('e2eWebDirs', [outDir]);
  return async () => {
    await proxy.close();
    await Promise.all(nodes.map((n) => n.stop('SIGTERM')));
    removeDataDir(nodes[0] as Instance);
    await services.stop();
    rmSync(outDir, { recursive: true, force: true });
  };
}
