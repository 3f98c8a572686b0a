import fp from 'fastify-plugin';
import { fastifyRequestContext, requestContext } from '@fastify/request-context';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import { clientNet } from '../lib/client-net.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** Whose turn a database call of this request takes (db/fair-order.ts): `user:<id>` once signed in (plugins/auth.ts). */
    dbShare: string;
  }
}

/**
 * Decorates the app with the database opened by the process (or the test). Closing it is the owner's job.
 * Each request carries its share of the database: its client's network until the token names a user.
 */
export default fp(
  async function dbPlugin(app: FastifyInstance, opts: { database: Database }) {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    // Only the embedded database takes turns; on PostgreSQL the request context would cost every request its
    // async-context tracking (bench:load, Node 20: 3–10 % of req/s) for nothing.
    if (opts.database.kind !== 'pglite') return;
    await app.register(fastifyRequestContext, { defaultStoreValues: (req) => ({ dbShare: `net:${clientNet(req.ip)}` }) });
    opts.database.shareBy(() => requestContext.get('dbShare'));
  },
  { name: 'db' },
);
