import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { addDays } from 'date-fns';
import { parseInstant, tierOf, type AdminMetrics, type AdminUser, type AdminUserUpdate, type RegistrationCode, type WorkerStatus } from '@app/contracts';
import { conflict, notFound, unprocessable } from '../../lib/http-error.ts';
import type { UserRow } from '../../plugins/auth.ts';
import { toUser } from '../auth/session.ts';
import { authService } from '../auth/service.ts';
import { findPlanById, findTaskById, stalledTasks } from '../meal-plans/repository.ts';
import { enqueueTask, GENERATE_QUEUE, stallAfterMs } from '../meal-plans/task-queue.ts';
import { finishFailed } from '../meal-plans/generator.ts';
import * as subs from '../subscriptions/repository.ts';
import { subscriptionsService, toSubscription } from '../subscriptions/service.ts';
import { refreshTiers } from '../subscriptions/tiers.ts';
import * as repo from './repository.ts';
import { deleteAccount } from '../settings/repository.ts';

export function toAdminUser(u: UserRow): AdminUser {
  return { ...toUser(u), is_active: !u.deactivated_at, deactivated_at: u.deactivated_at?.toISOString() ?? null, tier: tierOf(u) };
}

const toCode = (r: { id: number; code: string; max_uses: number; uses: number; expires_at: Date | null; created_at: Date }): RegistrationCode => ({
  id: r.id,
  code: r.code,
  max_uses: r.max_uses,
  uses: r.uses,
  expires_at: r.expires_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

/** Every admin write goes to the audit log with who did it. */
export function adminService(app: FastifyInstance) {
  const db = app.db;
  const auth = authService(app);
  const log = (admin: UserRow, ip: string, action: string, userId: number | null, details: Record<string, unknown>, email?: string) =>
    app.audit({ action: `admin_${action}`, actorId: admin.id, userId, ip, email: email ?? null, details });

  async function userOr404(id: number) {
    const u = await repo.findUser(db, id);
    if (!u) throw notFound('User not found');
    return u;
  }

  return {
    async metrics(): Promise<AdminMetrics> {
      const now = new Date();
      const since = addDays(now, -30);
      const q = await repo.queueStates(db);
      const sum = (state: string) => q.states.filter((s) => s.state === state).reduce((n, s) => n + Number(s.n), 0);
      return {
        users: await repo.userCounts(db, now),
        new_users_per_day: await repo.perDay(db, 'users', since),
        food_logs_per_day: await repo.perDay(db, 'food_logs', since),
        meal_plans_by_status: await repo.mealPlansByStatus(db),
        queue: { queued: sum('created') + sum('retry'), active: sum('active'), failed: sum('failed') },
      };
    },

    async users(skip: number, limit: number, search?: string) {
      const { list, total } = await repo.listUsers(db, skip, limit, search || undefined);
      return { users: list.map(toAdminUser), total, skip, limit };
    },

    async user(id: number) {
      const u = await userOr404(id);
      await refreshTiers(db, u.id, new Date(), u);
      const fresh = await userOr404(id);
      return { ...toAdminUser(fresh), subscriptions: (await subs.listOf(db, id)).map(toSubscription) };
    },

    async update(admin: UserRow, id: number, body: AdminUserUpdate, ip: string) {
      const target = await userOr404(id);
      if (id === admin.id && body.is_superuser === false) throw conflict('You cannot remove your own superuser flag');
      if (id === admin.id && body.is_active === false) throw conflict('You cannot deactivate your own account');
      const set: Partial<UserRow> = {};
      if (body.email_validated !== undefined) set.email_validated = body.email_validated;
      if (body.is_superuser !== undefined) set.is_superuser = body.is_superuser;
      if (body.is_active !== undefined) set.deactivated_at = body.is_active ? null : (target.deactivated_at ?? new Date());
      // Demotion and deactivation end the account's sessions (their tokens carry the old rights).
      if ((body.is_superuser === false && target.is_superuser) || (body.is_active === false && !target.deactivated_at)) set.token_version = target.token_version + 1;
      if (Object.keys(set).length) await repo.updateUser(db, id, set);
      if (body.grant !== undefined) {
        const now = new Date();
        const ends = body.grant?.ends_at ? new Date(parseInstant(body.grant.ends_at)!) : null;
        if (ends && ends <= now) throw unprocessable('The grant must end in the future', ['body', 'grant', 'ends_at']);
        await subs.endGrants(db, id, now);
        if (body.grant) await subs.insert(db, { user_id: id, tier: body.grant.tier, platform: 'admin', status: 'active', starts_at: now, expires_at: ends, granted_by: admin.id });
        await refreshTiers(db, id, now);
      }
      await log(admin, ip, 'user_update', id, { changes: body }, target.email);
      return this.user(id);
    },

    async remove(admin: UserRow, id: number, ip: string) {
      if (id === admin.id) throw conflict('You cannot delete your own account');
      const target = await userOr404(id);
      // A deleted account is never charged again: its Stripe subscriptions end at Stripe first.
      await subscriptionsService(app).cancelAllForDeletion(id);
      await log(admin, ip, 'user_delete', null, { deleted_user_id: id }, target.email);
      // The same deletion as the user's own: custom foods and the rows keyed by e-mail, username or id go too.
      await deleteAccount(db, id, target.email, target.username);
    },

    /** Mails the user a reset code through the auth feature's own flow; the admin never sees it. */
    async resetPassword(admin: UserRow, id: number, ip: string) {
      const target = await userOr404(id);
      await auth.requestPasswordReset(target.email);
      await log(admin, ip, 'password_reset', id, {}, target.email);
      return { message: `A password reset code is being mailed to ${target.email} (at most one a minute).` };
    },

    async activity(q: { skip: number; limit: number; user_id?: number; action_type?: string; start_date?: string; end_date?: string }) {
      const start = q.start_date ? new Date(`${q.start_date}T00:00:00Z`) : undefined;
      const end = q.end_date ? addDays(new Date(`${q.end_date}T00:00:00Z`), 1) : undefined;
      const { items, total } = await repo.listActivity(db, { ...q, start, end });
      return {
        items: items.map((r) => ({ ...r, details: r.details ?? null, created_at: r.created_at.toISOString() })),
        total,
        skip: q.skip,
        limit: q.limit,
      };
    },

    async createCode(admin: UserRow, body: { code?: string; max_uses: number; expires_at?: string }, ip: string) {
      const code = body.code ?? randomBytes(6).toString('base64url').toUpperCase().replace(/[^A-Z0-9]/g, 'X');
      const expires = body.expires_at ? new Date(parseInstant(body.expires_at)!) : null;
      if (expires && expires <= new Date()) throw unprocessable('The code must expire in the future', ['body', 'expires_at']);
      const row = await repo.insertCode(db, { code, max_uses: body.max_uses, expires_at: expires, created_by: admin.id });
      if (!row) throw conflict('This registration code already exists');
      await log(admin, ip, 'registration_code', null, { code_id: row.id, max_uses: row.max_uses, expires_at: row.expires_at });
      return toCode(row);
    },

    async codes() {
      return (await repo.listCodes(db)).map(toCode);
    },

    async workerStatus(): Promise<WorkerStatus> {
      const q = await repo.queueStates(db);
      const names = [...new Set([...q.names, ...q.states.map((s) => s.name)])].sort();
      const by = (name: string, state: string) => Number(q.states.find((s) => s.name === name && s.state === state)?.n ?? 0);
      const stalled = await stalledTasks(db, new Date(Date.now() - stallAfterMs(app)));
      return {
        queues: names.map((name) => {
          const at = q.last.find((l) => l.name === name)?.at;
          return {
            name,
            queued: by(name, 'created') + by(name, 'retry'),
            active: by(name, 'active'),
            failed: by(name, 'failed'),
            completed: by(name, 'completed'),
            last_completed_at: at ? new Date(at).toISOString() : null,
          };
        }),
        stalled_tasks: stalled.map((t) => ({
          id: t.id,
          user_id: t.user_id,
          meal_plan_id: t.meal_plan_id,
          task_type: t.task_type,
          status: t.status,
          attempts: t.attempts,
          heartbeat_at: t.heartbeat_at?.toISOString() ?? null,
          created_at: t.created_at.toISOString(),
        })),
      };
    },

    /** Requeues a stalled meal-plan task under a fresh job, or ends it as failed. */
    async resetTask(admin: UserRow, id: number, action: 'requeue' | 'fail', ip: string) {
      const task = await findTaskById(db, id);
      if (!task) throw notFound('Task not found');
      if (task.status !== 'queued' && task.status !== 'processing') throw conflict(`The task has already finished (${task.status})`);
      if (task.job_id) await app.boss.cancel(GENERATE_QUEUE, task.job_id).catch(() => {});
      let status: string;
      if (action === 'requeue') {
        const row = await enqueueTask(app, db, task);
        if (!row) throw conflict('The task finished while it was being reset');
        status = row.status;
      } else {
        const plan = await findPlanById(db, task.meal_plan_id);
        if (plan) await finishFailed(db, task, plan, null, 'Meal plan generation was stopped by an administrator');
        status = (await findTaskById(db, id))?.status ?? 'failed';
      }
      await log(admin, ip, 'reset_task', task.user_id, { task_id: id, action, status });
      return { id, status, message: action === 'requeue' ? 'The task was queued again.' : 'The task was marked as failed.' };
    },
  };
}
