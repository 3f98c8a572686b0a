import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work started by a request that finishes after its answer (mail, codes); awaited on close. */
    background: { run(work: () => Promise<unknown>): void };
  }
}

export default fp(
  async function backgroundPlugin(app: FastifyInstance) {
    const pending = new Set<Promise<unknown>>();
    app.decorate('background', {
      run(work: () => Promise<unknown>) {
        const p = Promise.resolve()
          .then(work)
          .catch((err) => app.log.error({ err }, 'background work failed'))
          .finally(() => pending.delete(p));
        pending.add(p);
      },
    });
    // Runs before the database closes (the owner closes it after app.close()).
    app.addHook('onClose', async () => {
      while (pending.size) await Promise.allSettled([...pending]);
    });
  },
  { name: 'background' },
);
