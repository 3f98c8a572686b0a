import { apiUrl } from '../../lib/api';
import { normaliseError } from '../../lib/errors';

/** `attachment; filename="x.csv"` → x.csv */
export function filenameFrom(disposition: string | null, fallback: string): string {
  const m = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  const name = m ? decodeURIComponent(m[1]).replace(/[/\\]/g, '_') : '';
  return name || fallback;
}

/**
 * GET /food-logs/download/{days} with the Bearer token, saved as a file (spec §7; no retries, §9).
 * A plain fetch, not RTK Query: the answer is a file, not state to cache. Same base URL and iOS
 * `_auth` rule as every other call (apiUrl), so it works in the native apps too.
 */
export async function downloadFoodLog(days: number, token: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(apiUrl(`/food-logs/download/${days}`, token), { headers: { Authorization: `Bearer ${token}`, 'Cache-Control': 'no-cache' }, credentials: 'omit' });
  } catch {
    throw normaliseError({ status: 'FETCH_ERROR', error: 'fetch failed' });
  }
  if (!res.ok) {
    let data: unknown = null;
    try {
      data = await res.json();
    } catch {
      /* not JSON */
    }
    throw normaliseError({ status: res.status, data });
  }
  const blob = await res.blob();
  const name = filenameFrom(res.headers.get('content-disposition'), `food_log_${days}days.csv`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

