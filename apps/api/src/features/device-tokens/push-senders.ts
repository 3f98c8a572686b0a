/** The two push services behind one result type; the job decides retry versus drop from it. */
import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { Provider } from '@parse/node-apn';
import type { Config } from '../../config.ts';

// The push libraries (node-apn with node-forge, web-push with its crypto helpers) hold ~25 MB of memory
// once loaded: each is loaded on the first push it sends, so a server without push never loads them.
const loadApn = () => import('@parse/node-apn').then((m) => m.default);
const loadWebPush = () => import('web-push').then((m) => m.default);

export interface PushPayload {
  title: string;
  body: string;
  /** Path in the app a tap opens. */
  url: string;
  notification_id: number | null;
  badge: number;
}

/** ok: delivered; gone: the token is dead, remove it; retry: transient, try again later; rejected: drop this message. */
export type PushResult = { outcome: 'ok' } | { outcome: 'gone' | 'retry' | 'rejected'; reason: string };

/** Public roots plus PUSH_CA_PATH: setting a CA list replaces the defaults, so both are passed. */
function trustedCas(config: Config): (string | Buffer)[] | undefined {
  return config.PUSH_CA_PATH ? [...rootCertificates, readFileSync(config.PUSH_CA_PATH)] : undefined;
}

const APNS_GONE = new Set(['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic']);

export interface ApnsSender {
  send(token: string, p: PushPayload): Promise<PushResult>;
  close(): Promise<void>;
}

/**
 * APNs with token authentication (.p8, ES256 JWT refreshed by the library) over one HTTP/2
 * connection, via @parse/node-apn (Parse's maintained fork of node-apn).
 */
export function apnsSender(config: Config): ApnsSender {
  let started: Promise<{ apn: Awaited<ReturnType<typeof loadApn>>; provider: Provider }> | null = null;
  const start = () => {
    if (!started) {
      started = loadApn().then((apn) => ({
        apn,
        provider: new apn.Provider({
          token: { key: readFileSync(config.APNS_KEY_PATH!), keyId: config.APNS_KEY_ID!, teamId: config.APNS_TEAM_ID! },
          production: config.APNS_PRODUCTION,
          ...(config.APNS_HOST ? { address: config.APNS_HOST.split(':')[0], port: Number(config.APNS_HOST.split(':')[1] ?? 443) } : {}),
          ...(trustedCas(config) ? { ca: trustedCas(config) } : {}),
          requestTimeout: 10_000,
          // Retries belong to the job queue (durable, with backoff), not to quick in-process loops.
          connectionRetryLimit: 0,
        }),
      }));
      started.catch(() => (started = null)); // an unreadable key is reported again on the next push
    }
    return started;
  };
  return {
    async send(token, p) {
      const { apn, provider } = await start();
      const note = new apn.Notification();
      note.topic = config.APNS_BUNDLE_ID!;
      note.pushType = 'alert';
      note.alert = { title: p.title, body: p.body };
      note.badge = p.badge;
      note.sound = 'default';
      note.expiry = Math.floor(Date.now() / 1000) + 3600;
      note.payload = { url: p.url, notification_id: p.notification_id };
      const res = await provider.send(note, token);
      const f = res.failed[0];
      if (!f) return { outcome: 'ok' };
      const reason = f.response?.reason ?? f.error?.message ?? `status ${f.status}`;
      if (f.status === 410 || (f.response?.reason && APNS_GONE.has(f.response.reason))) return { outcome: 'gone', reason };
      if (!f.status || f.status === 429 || f.status >= 500 || reason === 'ExpiredProviderToken') return { outcome: 'retry', reason };
      return { outcome: 'rejected', reason };
    },
    async close() {
      if (started) await (await started).provider.shutdown();
    },
  };
}

export interface WebPushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Standard Web Push (RFC 8030 + 8291 encryption + 8292 VAPID) with `web-push`. */
export function webPushSender(config: Config) {
  const ca = trustedCas(config);
  const agent = ca ? new Agent({ ca, keepAlive: true }) : undefined;
  return {
    async send(target: WebPushTarget, p: PushPayload): Promise<PushResult> {
      const webpush = await loadWebPush();
      try {
        await webpush.sendNotification(target, JSON.stringify(p), {
          vapidDetails: { subject: config.VAPID_SUBJECT!, publicKey: config.VAPID_PUBLIC_KEY!, privateKey: config.VAPID_PRIVATE_KEY! },
          TTL: 3600,
          timeout: 10_000,
          ...(agent ? { agent } : {}),
        });
        return { outcome: 'ok' };
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        const reason = status ? `status ${status}` : (err as Error).message;
        if (status === 404 || status === 410) return { outcome: 'gone', reason };
        if (!status || status === 429 || status >= 500) return { outcome: 'retry', reason };
        return { outcome: 'rejected', reason };
      }
    },
    close() {
      agent?.destroy();
    },
  };
}
