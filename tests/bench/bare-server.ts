// A bare Fastify route: the ceiling the API's own routes are compared with in the same run.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, message: 'OK', data: { ok: true }, statusCode: 200 }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
