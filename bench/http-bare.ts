/**
 * The anchor of `npm run bench:http`: a bare Fastify server with one route, the projects list's path,
 * answering the JSON body the console answered for its first page. It is given that body once (the
 * first IPC message from bench/http.ts) and serves it as an object, so Fastify serializes it on each
 * answer as it would any handler's result without a response schema. Nothing else: no hooks, no
 * logger, no database.
 */
import Fastify from 'fastify';

const body = await new Promise<unknown>((resolve) => process.once('message', resolve));
const app = Fastify({ logger: false });
app.post('/api/project-lists', async () => body);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as { port: number }).port });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
