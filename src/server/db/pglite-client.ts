import { AsyncLocalStorage } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';
import type { PGlite, Results } from '@electric-sql/pglite';
import type { WorkerReply, WorkerRequest, WorkerSetup } from './pglite-protocol';
import type { DbSnapshot } from './pglite-snapshot';

type QueryConfig = { rowMode?: 'array' | 'object' };
type Reply = WorkerReply['result'];
type Pending = { resolve: (r: Reply) => void; reject: (e: Error) => void };
type Outgoing = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** What drizzle's PGlite driver calls inside a transaction. */
export type WorkerTransaction = {
  query: (sql: string, params?: unknown[], config?: QueryConfig) => Promise<Results>;
  exec: (sql: string) => Promise<Results<unknown> | undefined>;
};

/**
 * PGlite in a worker thread, behind the two calls drizzle's PGlite driver makes (`query`, `transaction`), so the
 * app keeps the same driver and the WebAssembly runs beside the event loop instead of on it.
 *
 * PGlite is one connection. Outside transactions, statements are pipelined: the worker runs them one by one in
 * arrival order. A transaction must have that connection to itself, so while one is open (or waiting to open)
 * every later statement and transaction waits for it to end. A statement made on the database (not the
 * transaction) from inside a transaction's own work does not wait, or it would wait for itself: it runs in the
 * open transaction, as it did on PGlite in process.
 */
export class PgliteWorkerClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Settles when every transaction begun so far has ended; statements and transactions queue behind it. */
  private tail: Promise<void> = Promise.resolve();
  private openTransactions = 0;
  private failure: Error | null = null;
  /** The open transaction's token, and the token of the transaction whose work (and what it awaits) is running. */
  private active: symbol | null = null;
  private readonly inTransaction = new AsyncLocalStorage<symbol>();
  private closing = false;

  private constructor(worker: Worker) {
    this.worker = worker;
  }

  /** Starts the worker on `dir`, migrates the database there, and resolves once it is ready for queries. */
  static start(setup: WorkerSetup): Promise<PgliteWorkerClient> {
    const worker = new Worker(new URL('./pglite-worker-boot.mjs', import.meta.url), { workerData: setup });
    const client = new PgliteWorkerClient(worker);
    return new Promise((resolve, reject) => {
      client.pending.set(0, {
        resolve: () => resolve(client),
        reject: (err) => {
          void worker.terminate();
          reject(err);
        },
      });
      worker.on('message', (reply: WorkerReply) => client.settle(reply));
      worker.on('error', (err) => client.fail(err));
      worker.on('exit', (code) => {
        if (!client.closing)
          client.fail(new Error(`The embedded database's thread stopped (exit code ${code})`));
      });
    });
  }

  /** The same surface as PGlite for drizzle's driver (it only calls `query` and `transaction`). */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }

  async query(sql: string, params: unknown[] = [], config: QueryConfig = {}): Promise<Results> {
    if (this.openTransactions > 0 && !this.ownsConnection()) await this.tail;
    return (await this.send({ op: 'query', sql, params, rowMode: config.rowMode ?? 'object' })) as Results;
  }

  async exec(sql: string): Promise<Results<unknown> | undefined> {
    if (this.openTransactions > 0 && !this.ownsConnection()) await this.tail;
    return (await this.send({ op: 'exec', sql })) as Results<unknown> | undefined;
  }

  /**
   * The surface pg-boss's PGlite adapter (`fromPglite`) needs: `query` with PGlite's own parsers (Dates, not
   * drizzle's strings) and `exec` answering every statement of a block (a `BEGIN … RETURNING … COMMIT`). They queue
   * behind an open transaction like any other statement.
   */
  forJobs() {
    return {
      query: async (sql: string, params: unknown[] = []) => {
        if (this.openTransactions > 0 && !this.ownsConnection()) await this.tail;
        return (await this.send({
          op: 'query',
          sql,
          params,
          rowMode: 'object',
          native: true,
        })) as Results<never>;
      },
      exec: async (sql: string) => {
        if (this.openTransactions > 0 && !this.ownsConnection()) await this.tail;
        return ((await this.send({ op: 'exec', sql, all: true })) ?? []) as Results<never>[];
      },
    };
  }

  /**
   * The database at this instant, for a backup: taken once every transaction begun before has ended, with every
   * later statement and transaction held back until it is done, so it falls between two transactions.
   */
  snapshot(): Promise<DbSnapshot> {
    return this.exclusively(async () => (await this.send({ op: 'snapshot' })) as DbSnapshot);
  }

  async transaction<T>(fn: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    return this.exclusively(() => this.runTransaction(fn));
  }

  /** Runs `work` with the connection to itself: after what was begun before it, before anything begun after. */
  private async exclusively<T>(work: () => Promise<T>): Promise<T> {
    const before = this.tail;
    let end = () => {};
    this.tail = new Promise<void>((resolve) => {
      end = resolve;
    });
    this.openTransactions++;
    try {
      await before;
      return await work();
    } finally {
      this.active = null;
      this.openTransactions--;
      end();
    }
  }

  private async runTransaction<T>(fn: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    await this.send({ op: 'exec', sql: 'BEGIN' });
    const token = Symbol('transaction');
    this.active = token;
    let finished = false;
    // Statements of this transaction go straight to the worker; anything after it ended is a bug to surface.
    const own = <R>(run: () => Promise<R>) => {
      if (finished) return Promise.reject(new Error('This transaction has already ended'));
      return run();
    };
    const tx: WorkerTransaction = {
      query: (sql, params = [], config = {}) =>
        own(
          async () =>
            (await this.send({ op: 'query', sql, params, rowMode: config.rowMode ?? 'object' })) as Results,
        ),
      exec: (sql) => own(async () => (await this.send({ op: 'exec', sql })) as Results<unknown> | undefined),
    };
    try {
      const result = await this.inTransaction.run(token, () => fn(tx));
      finished = true;
      await this.send({ op: 'exec', sql: 'COMMIT' });
      return result;
    } catch (err) {
      finished = true;
      // A failed COMMIT has already rolled back; a lost worker has nothing to roll back.
      await this.send({ op: 'exec', sql: 'ROLLBACK' }).catch(() => {});
      throw err;
    }
  }

  /**
   * Whether the caller is the open transaction's own work. Work it started that outlives it (a mail sent after the
   * reply) carries its stale token and queues like any other statement.
   */
  private ownsConnection(): boolean {
    const token = this.inTransaction.getStore();
    return token !== undefined && token === this.active;
  }

  /** Waits for the statements already sent, closes PGlite (it writes its files out), and stops the thread. */
  async close(): Promise<void> {
    if (this.failure) return;
    await this.tail;
    this.closing = true;
    await this.send({ op: 'close' });
    this.failure = new Error('The embedded database is closed');
    await this.worker.terminate();
  }

  private send(req: Outgoing): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    // Nothing after the close: the thread would never answer it.
    if (this.closing && req.op !== 'close')
      return Promise.reject(new Error('The embedded database is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...req, id } as WorkerRequest);
    });
  }

  private settle(reply: WorkerReply) {
    const waiter = this.pending.get(reply.id);
    if (!waiter) return;
    this.pending.delete(reply.id);
    if (reply.error) waiter.reject(revive(reply.error));
    else waiter.resolve(reply.result);
  }

  private fail(err: Error) {
    this.failure ??= err;
    for (const waiter of this.pending.values()) waiter.reject(err);
    this.pending.clear();
  }
}

/** Rebuilds the worker's error with PostgreSQL's fields (code, constraint…), which the app's checks read. */
function revive(e: NonNullable<WorkerReply['error']>): Error {
  const err = new Error(e.message);
  Object.assign(err, e.props);
  err.name = e.name;
  if (e.stack) err.stack = e.stack;
  return err;
}
