/**
 * Web Push in the browser: asked for only when the user turns on a reminder with the push channel,
 * never on page load. Registers /sw.js, subscribes with the server's VAPID key, and returns the
 * subscription for POST /device-tokens.
 */

export type WebPushResult = { ok: true; subscription: PushSubscriptionJSON } | { ok: false; reason: string };

export const webPushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export async function subscribeToWebPush(vapidPublicKey: string): Promise<WebPushResult> {
  if (!webPushSupported()) return { ok: false, reason: 'This browser cannot receive push notifications.' };
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, reason: 'Notifications are blocked for this site in the browser settings.' };
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription = existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) }));
  return { ok: true, subscription: subscription.toJSON() };
}
