import { describe, expect, it } from 'vitest';
import { FairShare, isAbort } from './fair-share.ts';
import { HttpError } from './http-error.ts';

/** Work that finishes when the test says so, recording when it started. */
function gate() {
  const started: string[] = [];
  const open = new Map<string, () => void>();
  const work = (label: string) => (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      started.push(label);
      open.set(label, () => resolve(label));
      signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })), { once: true });
    });
  const finish = async (label: string) => {
    if (!open.has(label)) throw new Error(`${label} has not started; started: ${started.join(' ')}`);
    open.get(label)!();
    // Let the scheduler start what comes next.
    await new Promise((r) => setImmediate(r));
  };
  return { started, work, finish };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('FairShare', () => {
  it('takes waiting work round robin by user, not first come first served', async () => {
    const share = new FairShare({ name: 'test', slots: 1, perUserRunning: 1, perUserQueued: 10, retryAfterSeconds: 1 });
    const g = gate();
    const runs = ['a1', 'a2', 'a3', 'a4'].map((l) => share.run({ userId: 1 }, g.work(l)));
    runs.push(share.run({ userId: 2 }, g.work('b1')), share.run({ userId: 3 }, g.work('c1')));
    await tick();
    for (const l of ['a1', 'b1', 'c1', 'a2', 'a3', 'a4']) await g.finish(l);
    await Promise.all(runs);
    // User 1 queued three more before the others asked: each other user's first call still runs right after user 1's first.
    expect(g.started).toEqual(['a1', 'b1', 'c1', 'a2', 'a3', 'a4']);
  });

  it('keeps a slot free for others: one user holds at most perUserRunning slots even when more are idle', async () => {
    const share = new FairShare({ name: 'test', slots: 2, perUserRunning: 1, perUserQueued: 5, retryAfterSeconds: 1 });
    const g = gate();
    const a = [share.run({ userId: 1 }, g.work('a1')), share.run({ userId: 1 }, g.work('a2'))];
    await tick();
    expect(g.started).toEqual(['a1']);
    expect(share.load()).toEqual({ running: 1, waiting: 1 });
    const b = share.run({ userId: 2 }, g.work('b1'));
    await tick();
    // The other user starts at once, beside the busy one.
    expect(g.started).toEqual(['a1', 'b1']);
    await g.finish('b1');
    await g.finish('a1');
    await g.finish('a2');
    await Promise.all([...a, b]);
  });

  it('answers 429 with Retry-After past the waiting allowance, before doing any work, and only to that user', async () => {
    const share = new FairShare({ name: 'meal suggestion', slots: 1, perUserRunning: 1, perUserQueued: 1, retryAfterSeconds: 3, busyMessage: 'Busy, wait.' });
    const g = gate();
    const first = share.run({ userId: 1 }, g.work('a1'));
    const second = share.run({ userId: 1 }, g.work('a2'));
    const refused = await share.run({ userId: 1 }, g.work('a3')).catch((e) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 429, message: 'Busy, wait.', headers: { 'retry-after': '3' } });
    const other = share.run({ userId: 2 }, g.work('b1'));
    await tick();
    expect(g.started).toEqual(['a1']);
    await g.finish('a1');
    await g.finish('b1');
    await g.finish('a2');
    await Promise.all([first, second, other]);
    expect(g.started).toEqual(['a1', 'b1', 'a2']);
    expect(share.stats.refused).toBe(1);
  });

  it('background work waits instead of being refused', async () => {
    const share = new FairShare({ name: 'test', slots: 1, perUserRunning: 1, perUserQueued: 0, retryAfterSeconds: 1 });
    const g = gate();
    const runs = ['j1', 'j2', 'j3'].map((l) => share.run({ userId: 1, background: true }, g.work(l)));
    await tick();
    for (const l of ['j1', 'j2', 'j3']) await g.finish(l);
    expect(await Promise.all(runs)).toEqual(['j1', 'j2', 'j3']);
  });

  it('a call whose client goes away while waiting leaves the queue; one that is running gets its signal aborted', async () => {
    const share = new FairShare({ name: 'test', slots: 1, perUserRunning: 1, perUserQueued: 5, retryAfterSeconds: 1 });
    const g = gate();
    const running = new AbortController();
    const waiting = new AbortController();
    const a1 = share.run({ userId: 1, signal: running.signal }, g.work('a1')).catch((e) => e);
    const a2 = share.run({ userId: 1, signal: waiting.signal }, g.work('a2')).catch((e) => e);
    await tick();
    waiting.abort();
    expect(isAbort(await a2)).toBe(true);
    running.abort();
    expect(isAbort(await a1)).toBe(true);
    await tick();
    // Neither ran past its abort, and both slots are free again.
    expect(g.started).toEqual(['a1']);
    expect(share.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('stops work past its time budget and answers the caller\'s timeout error', async () => {
    const share = new FairShare({ name: 'test', slots: 1, perUserRunning: 1, perUserQueued: 1, retryAfterSeconds: 1 });
    const g = gate();
    const err = await share.run({ userId: 1, timeoutMs: 20, onTimeout: () => new HttpError(422, 'Took too long') }, g.work('slow')).catch((e) => e);
    expect(err).toMatchObject({ statusCode: 422, message: 'Took too long' });
    expect(share.load()).toEqual({ running: 0, waiting: 0 });
    expect(share.stats.timedOut).toBe(1);
  });

  it('hold() keeps a slot until released, once', async () => {
    const share = new FairShare({ name: 'export', slots: 4, perUserRunning: 1, perUserQueued: 0, retryAfterSeconds: 5 });
    const release = await share.hold({ userId: 1 });
    await expect(share.hold({ userId: 1 })).rejects.toMatchObject({ statusCode: 429 });
    const otherRelease = await share.hold({ userId: 2 });
    release();
    release();
    expect(share.load()).toEqual({ running: 1, waiting: 0 });
    otherRelease();
    (await share.hold({ userId: 1 }))();
  });
});
