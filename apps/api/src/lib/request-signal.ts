/**
 * An AbortSignal that fires when the client of a request goes away before its answer is sent, so the work done for
 * it stops too (issue 39 item 3: an abandoned recipe import ran on for 245 s after its client had gone).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FairShare, RunOptions } from './fair-share.ts';

const signals = new WeakMap<FastifyReply, AbortSignal>();

export function requestSignal(reply: FastifyReply): AbortSignal {
  let signal = signals.get(reply);
  if (signal) return signal;
  const ac = new AbortController();
  signal = ac.signal;
  signals.set(reply, signal);
  const res = reply.raw;
  if (res.destroyed && !res.writableFinished) ac.abort(new Error('The client went away'));
  // 'close' also follows a complete answer: only an unfinished one means the client left.
  else res.once('close', () => (res.writableFinished ? undefined : ac.abort(new Error('The client went away'))));
  return signal;
}

/** Runs a request's work in its user's fair share of `share` (lib/fair-share.ts), stopped if the client goes away. */
export function fairly<T>(share: FairShare, req: FastifyRequest, reply: FastifyReply, work: (signal: AbortSignal) => Promise<T>, opts: Omit<RunOptions, 'userId' | 'signal'> = {}): Promise<T> {
  return share.run({ ...opts, userId: req.user.id, signal: requestSignal(reply) }, work);
}
