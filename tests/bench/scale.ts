// Scale-out bench: the package list with 1, 2 and 3 instances on PostgreSQL + Redis + S3 (all on this 2-core
// machine), measured straight to the instances (the load split evenly) and through a round-robin proxy.
// Run: BENCH=scale npm run bench (needs TEST_DATABASE_URL and redis-server, as the scale-out test does).
import autocannon from 'autocannon';
import {
  clusterUnavailable,
  type Instance,
  removeDataDir,
  startInstance,
  startProxy,
  startServices,
} from '../cluster/support/cluster';
import { load, login } from './server';

async function split(urls: string[], path: string, token: string, connections: number, seconds: number) {
  const results = await Promise.all(
    urls.map((u) =>
      autocannon({
        url: `${u}${path}`,
        connections: Math.max(1, Math.round(connections / urls.length)),
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
      }),
    ),
  );
  const rps = results.reduce((sum, r) => sum + r.requests.average, 0);
  const p99 = Math.max(...results.map((r) => r.latency.p99));
  const non2xx = results.reduce((sum, r) => sum + r.non2xx, 0);
  return { rps: Math.round(rps), p99, non2xx };
}

export async function benchScale() {
  const why = clusterUnavailable();
  if (why) {
    console.log(`\nScale bench skipped: ${why}`);
    return;
  }
  const services = await startServices();
  const nodes: Instance[] = [];
  try {
    nodes.push(await startInstance(services.env));
    nodes.push(await startInstance(services.env), await startInstance(services.env));
    const token = await login(nodes[0]?.url ?? '', 'customer@demo.test', 'demo-customer-1');
    const seconds = Number(process.env.BENCH_SECONDS ?? 8);
    const path = '/v1/packages?limit=20';
    console.log(
      `\nScale bench: GET ${path}, 16 connections, ${seconds} s each; PostgreSQL, Redis, s3rver, the instances and the load generator all share this 2-core machine`,
    );
    for (const k of [1, 2, 3]) {
      const urls = nodes.slice(0, k).map((n) => n.url);
      const direct = await split(urls, path, token, 16, seconds);
      console.log(
        `${k} instance(s), load split evenly           ${String(direct.rps).padStart(7)} req/s   p99 ${String(direct.p99).padStart(5)} ms   non-2xx ${direct.non2xx}`,
      );
      const proxy = await startProxy(() => urls, { keepAlive: true });
      try {
        await load(`${k} instance(s), through the proxy`, `${proxy.url}${path}`, {
          headers: { authorization: `Bearer ${token}` },
        });
      } finally {
        await proxy.close();
      }
    }
  } finally {
    await Promise.all(nodes.map((n) => n.stop('SIGTERM')));
    for (const n of nodes) removeDataDir(n);
    await services.stop();
  }
}
