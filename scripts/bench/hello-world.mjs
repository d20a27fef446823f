// The yardstick of `npm run bench`: a bare Fastify answering {"hello":"world"}, in its own process
// like the app, so each figure of the app reads as a share of what Fastify alone does here.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
