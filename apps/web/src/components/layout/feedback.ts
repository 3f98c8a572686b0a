import { logger } from '../../lib/logger';

export const FEEDBACK_EMAIL: string = import.meta.env.VITE_FEEDBACK_EMAIL || 'feedback@example.com';
const IP_LOOKUP_URL = 'https://api.ipify.org?format=json';
const IP_LOOKUP_TIMEOUT_MS = 2500;

/** The public IP from a third-party look-up (spec §2), 'unknown' when it is unreachable or slow. */
export async function lookupPublicIp(fetchImpl: typeof fetch = fetch): Promise<string> {
  try {
    const res = await fetchImpl(IP_LOOKUP_URL, { signal: AbortSignal.timeout(IP_LOOKUP_TIMEOUT_MS), credentials: 'omit' });
    if (!res.ok) return 'unknown';
    const body = (await res.json()) as { ip?: unknown };
    return typeof body.ip === 'string' && body.ip.length <= 64 ? body.ip : 'unknown';
  } catch (err) {
    logger.info('IP look-up failed', err);
    return 'unknown';
  }
}

export interface FeedbackContext {
  ip: string;
  now: Date;
  timeZone: string;
  browser: string;
}

/** The mailto: link with the context the support team needs to reproduce a problem. */
export function feedbackMailto(ctx: FeedbackContext, to = FEEDBACK_EMAIL): string {
  const body = [
    'Tell us what happened or what you would like to see:',
    '',
    '',
    '---',
    `IP address: ${ctx.ip}`,
    `Date: ${ctx.now.toLocaleString('en-US', { timeZone: ctx.timeZone, dateStyle: 'full', timeStyle: 'long' })}`,
    `Time zone: ${ctx.timeZone}`,
    `Browser: ${ctx.browser}`,
  ].join('\n');
  return `mailto:${to}?subject=${encodeURIComponent('Nutrition Tracker feedback')}&body=${encodeURIComponent(body)}`;
}

export async function openFeedbackMail(): Promise<void> {
  const ip = await lookupPublicIp();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  window.location.href = feedbackMailto({ ip, now: new Date(), timeZone, browser: navigator.userAgent });
}
