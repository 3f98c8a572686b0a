import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listTokens, findToken, deleteStaleToken } from './repository.ts';
import { pushAvailability } from './push-config.ts';
import { apnsSender, webPushSender, type ApnsSender, type PushPayload } from './push-senders.ts';

export const PUSH_QUEUE = 'push.deliver';

interface PushJob {
  device_token_id: number;
  user_id: number;
  token: string;
  payload: PushPayload;
}

/**
 * One job per device, after the in-app notification is saved: a slow or failing push service never
 * holds up the reminder, and a retry resends to that device only. Android native is off (spec §4).
 */
export async function enqueuePush(app: FastifyInstance, userId: number, payload: PushPayload) {
  const on = pushAvailability(app.config);
  for (const t of await listTokens(app.db, userId)) {
    if ((t.device_type === 'ios' && on.ios) || (t.device_type === 'web' && on.web)) {
      await app.boss.send(PUSH_QUEUE, { device_token_id: t.id, user_id: userId, token: t.token, payload } satisfies PushJob);
    }
  }
}

export class PushRetryError extends Error {}

export default fp(async function pushJobs(app: FastifyInstance) {
  const on = pushAvailability(app.config);
  let apns: ApnsSender | null = null;
  const web = on.web ? webPushSender(app.config) : null;
  app.addHook('onClose', async () => {
    await apns?.close();
    web?.close();
  });
  app.defineQueue<PushJob>({
    name: PUSH_QUEUE,
    // 3 s, 6 s, 12 s, 24 s, 48 s (pg-boss doubles retryDelay), then the job fails.
    retryLimit: 5,
    retryDelay: 3,
    expireInSeconds: 60,
    handler: async (job) => {
      const { device_token_id, user_id, token, payload } = job.data;
      const row = await findToken(app.db, device_token_id);
      // Deleted, or moved to another account since: this user's reminder must not go there.
      if (!row || row.user_id !== user_id || row.token !== token) return { skipped: 'token gone' };
      let result;
      if (row.device_type === 'ios' && on.ios) result = await (apns ??= apnsSender(app.config)).send(row.token, payload);
      else if (row.device_type === 'web' && web && row.web_push_keys) result = await web.send({ endpoint: row.token, keys: row.web_push_keys }, payload);
      else return { skipped: `${row.device_type} push is off` };
      if (result.outcome === 'gone') {
        await deleteStaleToken(app.db, row.id, row.token);
        app.log.info({ device_token_id, reason: result.reason }, 'push token removed');
      } else if (result.outcome === 'retry') {
        throw new PushRetryError(`push failed, will retry: ${result.reason}`);
      } else if (result.outcome === 'rejected') {
        app.log.warn({ device_token_id, reason: result.reason }, 'push rejected');
      }
      return result;
    },
  });
}, { name: 'push-jobs', dependencies: ['queue'] });
