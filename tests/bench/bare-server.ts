// A bare Fastify server: the ceiling the API's own routes are compared with in the same run.
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 100 * 1024 * 1024 });
app.get('/bare', async () => ({ success: true, message: 'OK', data: { ok: true }, statusCode: 200 }));
// A plain upload: the same multipart bytes, read off the socket and thrown away (no parsing, no disk).
app.addContentTypeParser('multipart/form-data', (_req, payload, done) => {
  payload.on('data', () => {});
  payload.on('end', () => done(null, null));
  payload.on('error', done);
});
app.post('/sink', async () => ({ success: true, message: 'OK', data: null, statusCode: 200 }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
