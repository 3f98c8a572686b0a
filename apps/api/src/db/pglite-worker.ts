/**
 * The embedded database's own thread (db/pglite-thread.ts starts it). PGlite runs PostgreSQL compiled to WebAssembly
 * on whichever thread calls it: on the main thread, every statement's execution was time the event loop could not
 * route, stream or answer anything else (bench:fairness: a static file at 2 ms became 12–67 ms while another user's
 * statements ran). Here the database has a thread of its own and the main thread only sends statements and receives
 * rows.
 *
 * Messages in: `{ id, op, … }` (see Request); out: `{ id, ok: true, value }` or `{ id, ok: false, error }`, with the
 * error's own fields (code, detail, constraint…) copied, since a structured clone of an Error keeps only its message.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, type Results } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export interface PgliteThreadOptions {
  /** Data folder; omitted = in memory. */
  dataDir?: string;
  /** Added to PGlite's default start parameters. */
  extraStartParams: string[];
  /**
   * A data folder saved with PGlite's dumpDataDir (a tar file) to start from instead of an empty one: the API tests
   * start every file's in-memory database from one migrated copy (test/global-setup.ts) instead of running initdb
   * and the migrations again (~5 s a file).
   */
  loadDataDir?: string;
}

export interface QueryShape {
  rowMode?: 'array' | 'object';
  /** Type OIDs whose values come back as the text PostgreSQL sent (drizzle's parsers for dates, timestamps…). */
  rawTypes?: number[];
}

export type Request =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; shape?: QueryShape; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

const options = workerData as PgliteThreadOptions;
const port = parentPort!;

const db = await PGlite.create({
  dataDir: options.dataDir,
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, ...options.extraStartParams],
  loadDataDir: options.loadDataDir ? new Blob([readFileSync(options.loadDataDir)]) : undefined,
});

/** Open transactions, by the id of the `begin` that opened them: each waits for its `end`. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();

const keepText = (v: string) => v;

function queryOptions(shape?: QueryShape) {
  if (!shape) return undefined;
  return {
    rowMode: shape.rowMode,
    parsers: shape.rawTypes ? Object.fromEntries(shape.rawTypes.map((oid) => [oid, keepText])) : undefined,
  };
}

function runner(tx?: number): Pick<Transaction, 'query' | 'exec'> {
  if (tx === undefined) return db;
  const t = open.get(tx);
  if (!t) throw new Error(`No open transaction ${tx}`);
  return t.tx;
}

/** Only what the main side reads from a result: rows, fields and the count of affected rows. */
const plain = (r: Results<unknown>) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  // PostgreSQL's fields (code, detail, constraint…) are text; PGlite also attaches the query's options, whose
  // parsers are functions no message can carry: only plain values cross.
  for (const [k, v] of Object.entries(err)) {
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = v;
  }
  return { name: err.name, message: err.message, stack: err.stack, fields };
}

/** The rejection that rolls a transaction back when the main side asks for it (not an error to report). */
class RolledBack extends Error {
  constructor() {
    super('rolled back on request');
  }
}
/** How each open transaction ends: null when it committed or was rolled back on request, else the error. */
const outcomes = new Map<number, Promise<unknown>>();

/** Opens a transaction; answers once its callback runs (the transaction then waits for its `end`). */
function begin(id: number): Promise<number> {
  return new Promise<number>((started, failed) => {
    let began = false;
    const outcome = db
      .transaction(
        (tx) =>
          new Promise<void>((commit, rollback) => {
            began = true;
            open.set(id, { tx, end: (ok) => (ok ? commit() : rollback(new RolledBack())) });
            started(id);
          }),
      )
      .then(
        () => null,
        (err: unknown) => (err instanceof RolledBack ? null : err),
      );
    outcomes.set(id, outcome);
    // BEGIN itself failed (the callback never ran): the `begin` is answered with the error.
    void outcome.then((err) => {
      if (began) return;
      outcomes.delete(id);
      failed(err ?? new Error('The transaction ended before it began'));
    });
  });
}

async function end(tx: number, commit: boolean): Promise<void> {
  const t = open.get(tx);
  const outcome = outcomes.get(tx);
  if (!t || !outcome) throw new Error(`No open transaction ${tx}`);
  open.delete(tx);
  outcomes.delete(tx);
  t.end(commit);
  const err = await outcome;
  if (err) throw err;
}

async function handle(msg: Request): Promise<unknown> {
  switch (msg.op) {
    case 'query':
      return plain(await runner(msg.tx).query(msg.sql, msg.params, queryOptions(msg.shape)));
    case 'exec':
      return (await runner(msg.tx).exec(msg.sql)).map(plain);
    case 'begin':
      return begin(msg.id);
    case 'end':
      return end(msg.tx, msg.commit);
    case 'close':
      await db.close();
      return null;
  }
}

function reply(m: Reply) {
  try {
    port.postMessage(m);
  } catch (err) {
    // A value no message can carry: the caller gets that error rather than waiting for ever.
    port.postMessage({ id: m.id, ok: false, error: serializeError(err) } satisfies Reply);
  }
}

port.on('message', (msg: Request) => {
  handle(msg).then(
    (value) => reply({ id: msg.id, ok: true, value }),
    (err) => reply({ id: msg.id, ok: false, error: serializeError(err) }),
  );
});
port.postMessage({ id: 0, ok: true, value: 'ready' } satisfies Reply);
