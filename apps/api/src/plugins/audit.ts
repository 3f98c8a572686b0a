import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { audit_log } from '../db/schema/index.ts';

export interface AuditEntry {
  /** e.g. login, login_failed, signup, password_change, account_delete, plan_request, subscription_*, admin_* */
  action: string;
  /** Who did it (null: anonymous or the system). */
  actorId?: number | null;
  /** The account it concerns (defaults to the actor). */
  userId?: number | null;
  email?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes one audit row. Never throws: a failed audit write is logged, the action still stands. */
    audit(entry: AuditEntry): Promise<void>;
  }
}

/** The audit log read by GET /admin/activity. */
export default fp(
  async function auditPlugin(app: FastifyInstance) {
    app.decorate('audit', async (e: AuditEntry) => {
      try {
        await app.db.insert(audit_log).values({
          action_type: e.action,
          actor_id: e.actorId ?? null,
          user_id: e.userId === undefined ? (e.actorId ?? null) : e.userId,
          email: e.email ?? null,
          ip: e.ip ?? null,
          details: e.details ?? null,
        });
      } catch (err) {
        app.log.error({ err, action: e.action }, 'audit write failed');
      }
    });

    // Plan requests are audited here, from the answer, so the meal-plan features need no audit code.
    // (The route's registered path, never the raw URL; only for logging, not for access decisions.)
    const PLAN_REQUESTS = new Set(['/api/v1/meal-plans/multi-day', '/api/v1/meal-plan-tasks', '/api/v1/recommendations/daily-meal-plan/request']);
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'POST' || reply.statusCode >= 300 || !request.user || !PLAN_REQUESTS.has(request.routeOptions.url ?? '')) return;
      await app.audit({ action: 'plan_request', actorId: request.user.id, ip: request.ip, details: { route: request.routeOptions.url, status: reply.statusCode } });
    });
  },
  { name: 'audit', dependencies: ['db', 'auth'] },
);
