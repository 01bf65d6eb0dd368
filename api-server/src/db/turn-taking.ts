import type {
  AbortableOperationOptions,
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { yieldToEventLoop } from './yield';

/**
 * The embedded database's dialect, with every statement started in an event-loop turn of its own.
 *
 * Why: PGlite runs each statement synchronously in this thread, and its Kysely driver hands the
 * one connection to the next waiting query inside the promise chain of the previous one. Under a
 * rush (50 people searching at once) the queries queued behind each other therefore ran back to
 * back as microtasks, with no turn for the event loop in between: for 1.6–2.2 s at a time no
 * socket was read, no timer fired, and the admission gate (http/admission.ts) could neither see
 * the new requests nor refuse the ones that had waited too long (README, "Overload"). A turn
 * before each statement bounds that blindness to one statement (a few milliseconds to tens of
 * them), at the price of a `setImmediate` per statement (microseconds when nothing is pending).
 *
 * Correctness is unchanged: the inner driver still lends its single connection to one query or
 * one transaction at a time; a transaction's statements still run on it in order, with other
 * requests' statements kept waiting for the connection, not interleaved.
 */
export class TurnTakingDialect implements Dialect {
  constructor(private readonly inner: Dialect) {}

  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }

  createDriver(): Driver {
    return new TurnTakingDriver(this.inner.createDriver());
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }

  createIntrospector(db: Parameters<Dialect['createIntrospector']>[0]): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}

/** Hands out the inner driver's connections wrapped, and unwraps them on their way back. */
class TurnTakingDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(options?: AbortableOperationOptions): Promise<void> {
    return this.inner.init(options);
  }

  async acquireConnection(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    return new TurnTakingConnection(await this.inner.acquireConnection(options));
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  releaseConnection(
    connection: DatabaseConnection,
    options?: AbortableOperationOptions,
  ): Promise<void> {
    return this.inner.releaseConnection(innerOf(connection), options);
  }

  destroy(options?: AbortableOperationOptions): Promise<void> {
    return this.inner.destroy(options);
  }
}

/**
 * The inner driver checks that what is released is the connection it lent; `begin`, `commit` and
 * `rollback` go through the wrapper, so they take their turn like any other statement.
 */
function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof TurnTakingConnection ? connection.inner : connection;
}

class TurnTakingConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(
    query: CompiledQuery,
    options?: AbortableOperationOptions,
  ): Promise<QueryResult<R>> {
    await yieldToEventLoop();
    return this.inner.executeQuery<R>(query, options);
  }

  async *streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
    options?: AbortableOperationOptions,
  ): AsyncIterableIterator<QueryResult<R>> {
    await yieldToEventLoop();
    yield* this.inner.streamQuery<R>(query, chunkSize, options);
  }
}
