/**
 * The capacity bench's yardstick: a Fastify hello-world route in a process of its own, so that it gets the
 * same machine the portal gets (and not the load generator's process). PORT names the port.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
