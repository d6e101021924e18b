/**
 * The start-up floor of `npm run bench`: Fastify alone, with one health-check route, started by node as `npm start`
 * starts the server. The app's cold and warm starts are printed as multiples of this one's.
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/api/healthcheck', async () => ({ status: 'OK' }));
await app.listen({ port: Number(process.env.PORT ?? 8080), host: '127.0.0.1' });
