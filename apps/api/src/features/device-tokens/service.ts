import type { Db } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { WebPushSubscriptionSchema, type DeviceToken, type DeviceTokenCreate } from '@app/contracts';
import { notFound, unprocessable } from '../../lib/http-error.ts';
import * as repo from './repository.ts';

/** Per account; the oldest beyond this are dropped when a new one registers. */
export const MAX_TOKENS_PER_USER = 20;
const APNS_TOKEN = /^[0-9a-fA-F]{64,200}$/;

function toDeviceToken(r: repo.DeviceTokenRow): DeviceToken {
  return { id: r.id, user_id: r.user_id, token: r.token, device_type: r.device_type, created_at: r.created_at.toISOString(), updated_at: r.updated_at.toISOString() };
}

/** A host matches an entry exactly, or a ".suffix" entry by suffix. */
export function hostAllowed(host: string, allowed: string[]): boolean {
  const h = host.toLowerCase();
  return allowed.some((a) => (a.startsWith('.') ? h.endsWith(a.toLowerCase()) : h === a.toLowerCase()));
}

/**
 * The server POSTs to a Web Push endpoint, so the endpoint is user input aimed at our network: it
 * must be https on a known push service (WEB_PUSH_ALLOWED_HOSTS), never an arbitrary address.
 */
function webSubscription(token: DeviceTokenCreate['token'], config: Config) {
  let value: unknown = token;
  if (typeof token === 'string') {
    try {
      value = JSON.parse(token);
    } catch {
      throw unprocessable('A web token is the push subscription (PushSubscription.toJSON()) as an object or JSON text', ['body', 'token']);
    }
  }
  const parsed = WebPushSubscriptionSchema.safeParse(value);
  if (!parsed.success) throw unprocessable('A web push subscription needs endpoint and keys.p256dh and keys.auth', ['body', 'token']);
  const url = new URL(parsed.data.endpoint);
  if (url.protocol !== 'https:' || !hostAllowed(url.hostname, config.WEB_PUSH_ALLOWED_HOSTS)) {
    throw unprocessable('This push service is not supported', ['body', 'token']);
  }
  return { token: parsed.data.endpoint, device_type: 'web' as const, web_push_keys: parsed.data.keys };
}

export function deviceTokensService(db: Db, config: Config) {
  return {
    async register(userId: number, body: DeviceTokenCreate): Promise<DeviceToken> {
      let row;
      if (body.device_type === 'web') row = webSubscription(body.token, config);
      else {
        if (typeof body.token !== 'string') throw unprocessable('token must be a string for ios and android', ['body', 'token']);
        const token = body.token.trim();
        if (body.device_type === 'ios' && !APNS_TOKEN.test(token)) throw unprocessable('An iOS token is the APNs device token in hex', ['body', 'token']);
        row = { token, device_type: body.device_type, web_push_keys: null };
      }
      const saved = await repo.upsertToken(db, userId, row);
      await repo.trimTokens(db, userId, MAX_TOKENS_PER_USER);
      return toDeviceToken(saved);
    },
    async list(userId: number) {
      return (await repo.listTokens(db, userId)).map(toDeviceToken);
    },
    async remove(userId: number, id: number) {
      if (!(await repo.deleteToken(db, userId, id))) throw notFound('Device token not found');
      return { message: 'Device token deleted' };
    },
  };
}
