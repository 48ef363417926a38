// The API server as main.ts starts it, plus a hand-written twin of GET /v1/packages in the same process (a bare
// Fastify on TWIN_PORT): the same SQL (same columns, filters, order, page and capped count) through `pg`, the same
// JSON shape, but none of the app's hooks (tenant, sign-in, security headers), no schema validation or
// serialisation and no ORM. The packages bench compares the two: the gap is our framework, validation and ORM
// overhead, not the database's. Only on PostgreSQL (DATABASE_URL).
import Fastify from 'fastify';
import pg from 'pg';
import { PACKAGE_COUNT_CAP } from '../../src/contract/packages';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { readyJobs } from '../../src/server/jobs/queue';
import { seed } from '../../src/server/seeds/seed';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await readyJobs(database);
await seed(database.db, { scryptLogN: config.scryptLogN });
const app = await buildApp({ config, db: database.db });
app.addHook('onClose', async () => database.close());

const twin = Fastify({ logger: false });
if (config.databaseUrl) {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
  twin.addHook('onClose', async () => pool.end());
  // The app keeps the status names in memory too.
  const names = new Map(
    (await pool.query<{ code: string; name: string }>('SELECT code, name FROM package_statuses')).rows.map(
      (r) => [r.code, r.name],
    ),
  );
  const iso = (d: Date | null) => (d ? d.toISOString() : null);

  // ?company=<id>&user=<id, for a customer>&status=&pageSize=&page= (newest first, as the app's default sort)
  twin.get('/bench/packages', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const page = Number(q.page ?? 1);
    const pageSize = Number(q.pageSize ?? 20);
    const params: unknown[] = [q.company];
    let where = '"packages"."company_id" = $1';
    if (q.user) {
      params.push(q.user);
      where += ` and "packages"."user_id" = $${params.length}`;
    }
    if (q.status) {
      params.push(q.status);
      where += ` and "packages"."status_code" = $${params.length}`;
    }
    const counted = page === 1;
    params.push(pageSize, (page - 1) * pageSize);
    const { rows } = await pool.query({
      rowMode: 'array',
      text: `select "packages"."id", "packages"."tracking_number", "packages"."description", "packages"."seller_name",
        "packages"."shipper", "packages"."weight", "packages"."length", "packages"."width", "packages"."height",
        "packages"."declared_value_cents", "packages"."status_code", "packages"."received_at", "packages"."delivered_at",
        "packages"."created_at", "packages"."updated_at", "users"."id", "users"."first_name", "users"."last_name",
        "users"."mailbox_number",
        ${counted ? `(select count(*) from (select 1 from "packages" where (${where}) limit ${PACKAGE_COUNT_CAP + 1}) "capped")` : 'null'}
        from "packages" left join "users" on "users"."id" = "packages"."user_id"
        where (${where}) order by "packages"."created_at" desc, "packages"."id" desc
        limit $${params.length - 1} offset $${params.length}`,
      values: params,
    });
    const total = counted ? Number(rows[0]?.[19] ?? 0) : null;
    const items = rows.map((r) => ({
      id: r[0],
      tracking_number: r[1],
      description: r[2],
      seller_name: r[3],
      shipper: r[4],
      weight: r[5],
      length: r[6],
      width: r[7],
      height: r[8],
      declared_value_cents: r[9],
      status: r[10],
      status_name: names.get(r[10]) ?? r[10],
      received_at: iso(r[11]),
      delivered_at: iso(r[12]),
      created_at: r[13].toISOString(),
      updated_at: r[14].toISOString(),
      owner: r[15] ? { id: r[15], name: `${r[16]} ${r[17]}`.trim(), mailbox_number: r[18] } : null,
    }));
    const data = {
      items,
      page,
      pageSize,
      total: total === null ? null : Math.min(total, PACKAGE_COUNT_CAP),
      total_capped: total !== null && total > PACKAGE_COUNT_CAP,
    };
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ success: true, message: 'OK', data, statusCode: 200 }));
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void Promise.all([app.close(), twin.close()]).then(() => process.exit(0)));
}
await app.listen({ port: config.port, host: config.host });
await twin.listen({ port: Number(process.env.TWIN_PORT ?? config.port + 1), host: '127.0.0.1' });
process.stdout.write('ready\n');
