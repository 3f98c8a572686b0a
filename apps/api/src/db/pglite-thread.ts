/**
 * PGlite on a thread of its own (issue 39): the main thread keeps routing, streaming and answering while a statement
 * runs. `PgliteThread` offers what drizzle's PGlite driver, pg-boss's adapter, the migrator and `queryArrays` call on
 * a PGlite instance (query, exec, transaction, close), each a message to db/pglite-worker.ts.
 *
 * - Parsers: drizzle passes functions that keep some types as text (dates, timestamps, intervals and their arrays);
 *   functions cannot cross threads, so each must return its input unchanged and is sent as "keep this type as text".
 *   Any other parser is refused at once rather than silently ignored.
 * - Errors keep their own fields (code, detail, constraint…): callers test `code === '23505'`.
 * - The thread does not keep the process alive while idle (a script that opened the database and finished exits as
 *   before), but does while a call is waiting for it.
 */
import { inspect } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { PgliteThreadOptions, QueryShape, Reply, Request, SerializedError } from './pglite-worker.ts';

type Pending = { resolve: (v: any) => void; reject: (e: unknown) => void };
type Op = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export interface ThreadResults {
  rows: any[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId?: number) => unknown>;
}

/** The handle a transaction's callback gets: its statements run inside it, on the database thread. */
export interface ThreadTransaction {
  query<T = any>(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults & { rows: T[] }>;
  exec(sql: string): Promise<ThreadResults[]>;
  /** Rolls the transaction back when its callback returns (drizzle never calls it; PGlite's own handle has it). */
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export class DatabaseThreadError extends Error {}

const PROBE = '\u0001probe';

function shapeOf(options?: QueryOptions): QueryShape | undefined {
  if (!options) return undefined;
  const shape: QueryShape = {};
  if (options.rowMode) shape.rowMode = options.rowMode;
  if (options.parsers) {
    shape.rawTypes = Object.entries(options.parsers).map(([oid, parse]) => {
      if (parse(PROBE) !== PROBE) throw new DatabaseThreadError(`A parser for type ${oid} that changes the text cannot run on the database thread`);
      return Number(oid);
    });
  }
  return shape;
}

function revive(e: SerializedError): Error {
  const err = new Error(e.message);
  Object.assign(err, e.fields);
  Object.defineProperty(err, 'name', { value: e.name, configurable: true, writable: true });
  if (e.stack) err.stack = e.stack;
  return err;
}

export class PgliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;

  private constructor(worker: Worker) {
    this.worker = worker;
  }

  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    // From the sources, pglite-worker.mjs registers tsx and loads pglite-worker.ts; in the build (bundled into
    // dist/server.mjs) the same name is the compiled worker next to it.
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: options });
    const thread = new PgliteThread(worker);
    await new Promise<void>((ready, failed) => {
      const onMessage = (m: Reply) => {
        if (m.id !== 0) return;
        worker.off('error', onError);
        worker.off('exit', onExit);
        ready();
      };
      const onError = (err: Error) => failed(err);
      const onExit = (code: number) => failed(new DatabaseThreadError(`The embedded database stopped while starting (exit code ${code})`));
      worker.once('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
    });
    worker.on('message', (m: Reply) => thread.settle(m));
    worker.on('error', (err) => thread.fail(new DatabaseThreadError(`The embedded database stopped: ${err instanceof Error ? err.message : inspect(err)}`)));
    worker.on('exit', (code) => thread.fail(new DatabaseThreadError(`The embedded database stopped (exit code ${code})`)));
    worker.unref();
    return thread;
  }

  private send<T>(op: Op): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Waiting for the database keeps the process alive; an idle database thread does not.
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...op, id } as Request);
    });
  }

  private settle(m: Reply) {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (this.pending.size === 0) this.worker.unref();
    if (m.ok) p.resolve(m.value);
    else p.reject(revive(m.error));
  }

  private fail(err: Error) {
    if (this.failure) return;
    this.failure = err;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  query<T = any>(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults & { rows: T[] }> {
    return this.runQuery(sql, params, options);
  }

  exec(sql: string): Promise<ThreadResults[]> {
    return this.send({ op: 'exec', sql });
  }

  // A transaction's statements go straight to the thread: `query` and `exec` above may be wrapped (db/fair-order.ts
  // queues them behind the transaction that is running, which would then wait on itself).
  private runQuery<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<ThreadResults & { rows: T[] }> {
    let shape: QueryShape | undefined;
    try {
      shape = shapeOf(options);
    } catch (err) {
      return Promise.reject(err);
    }
    return this.send({ op: 'query', sql, params, shape, tx });
  }

  /** Runs `callback` inside one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = await this.send<number>({ op: 'begin' });
    let closed = false;
    let rollback = false;
    const tx: ThreadTransaction = {
      query: (sql, params, options) => (closed ? Promise.reject(new DatabaseThreadError('The transaction is closed')) : this.runQuery(sql, params, options, id)),
      exec: (sql) => (closed ? Promise.reject(new DatabaseThreadError('The transaction is closed')) : this.send({ op: 'exec', sql, tx: id })),
      rollback: async () => {
        rollback = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      closed = true;
      await this.send({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw err;
    }
    closed = true;
    await this.send({ op: 'end', tx: id, commit: !rollback });
    return result;
  }

  async close() {
    if (!this.failure) await this.send({ op: 'close' }).catch(() => {});
    this.fail(new DatabaseThreadError('The embedded database is closed'));
    await this.worker.terminate();
  }
}
