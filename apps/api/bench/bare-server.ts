// The ceiling: a bare Fastify route answering a small JSON object, for the load bench's ratios.
// With BARE_DATABASE_URL also the ceiling with a database: GET /day?user=<id>&date=<YYYY-MM-DD> reads that day's
// food-log rows in one prepared query (node-postgres, a pool of 10 as the product's) and answers them with
// Fastify's default serialisation. No authentication, no goals, no arithmetic: what any route that reads the
// summary's rows from PostgreSQL costs before it does anything of its own.
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok', calories: 1983, goal: 2000 }));
const pool = process.env.BARE_DATABASE_URL ? new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 }) : null;
if (pool) {
  app.get<{ Querystring: { user: string; date: string } }>('/day', async (req) => {
    const { rows } = await pool.query({ name: 'day', text: 'select * from food_logs where user_id = $1 and date = $2 order by created_at, id', values: [Number(req.query.user), req.query.date] });
    return { date: req.query.date, entries: rows };
  });
}
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void Promise.all([app.close(), pool?.end()]).then(() => process.exit(0)));
