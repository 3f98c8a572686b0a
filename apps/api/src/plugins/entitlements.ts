import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ENTITLEMENTS, hasEntitlement, type EntitlementKey } from '@app/contracts';
import { forbidden } from '../lib/http-error.ts';
// The tier rule lives with the subscriptions feature; this plugin only turns it into a route gate.
import { refreshTiers } from '../features/subscriptions/tiers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler that answers 403 with the entitlement's message unless the user's tier unlocks it. */
    requireEntitlement(key: EntitlementKey): preHandlerAsyncHookHandler;
  }
}

/**
 * Tier gates from the entitlements table in @app/contracts. The tier is derived from the user's
 * subscriptions at request time (not from the flags on the users row), so an expired subscription
 * closes the gate the moment it expires, even before the expiry job has run.
 */
export default fp(
  async function entitlementsPlugin(app: FastifyInstance) {
    app.decorate('requireEntitlement', (key: EntitlementKey) => {
      const entitlement = ENTITLEMENTS[key];
      return async function entitlementGate(request: FastifyRequest) {
        const user = request.user;
        const current = await refreshTiers(app.db, user.id, new Date(), user);
        Object.assign(user, { is_plus: current.is_plus, is_pro: current.is_pro, is_premium: current.is_premium });
        if (!hasEntitlement(current.tier, key)) throw forbidden(entitlement.message);
      };
    });
  },
  { name: 'entitlements', dependencies: ['db', 'auth'] },
);
