/** The worker side of lib/worker-pool.ts: what a pool thread's module exports. Kept apart so a thread does not load piscina. */
export interface Call {
  fn: string;
  args: unknown[];
}

export type Outcome = { ok: true; value: unknown } | { ok: false; name: string; message: string };

/**
 * The default export of a worker module: calls `fns[call.fn]`. A thrown error comes back as its name and message
 * (structured cloning would keep only the standard error names), so callers match on `name`.
 */
export function workerDispatch(fns: Record<string, (...args: any[]) => unknown>, after?: () => void) {
  return async function dispatch(call: Call): Promise<Outcome> {
    try {
      const fn = fns[call.fn];
      if (!fn) throw new Error(`No worker function ${call.fn}`);
      return { ok: true, value: await fn(...call.args) };
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      return { ok: false, name: e.name, message: e.message };
    } finally {
      after?.();
    }
  };
}
