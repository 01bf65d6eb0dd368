import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables';
import type { FileStore } from '../../../files/store';

/** What a handler is given to run one job. */
export interface JobContext<P> {
  readonly id: number;
  readonly payload: P;
  /** 1 on the first try; more when a failed or abandoned attempt is taken up again */
  readonly attempt: number;
  readonly db: Kysely<Database>;
  /** The app's file store (null for a runner given none: tools and tests of the queue itself). */
  readonly files: FileStore | null;
  /**
   * Aborted when this process lost the job's lease (another process took it up) or the app is
   * closing: stop at the next safe point (between batches) and leave the rest to the next run.
   */
  readonly signal: AbortSignal;
  /** Records how far the job is (read by the feature's status endpoint). */
  progress(done: number, total?: number | null): Promise<void>;
}

/**
 * The work of one kind of job. A job may be run more than once (after a crash, its lease runs out
 * and another process takes it up from the start): a handler must be idempotent, resuming from
 * what its earlier runs committed.
 */
export interface JobHandler<P = unknown> {
  /** Parses the stored payload (zod at the edge: the row could have been written by an older version). */
  readonly parse: (payload: unknown) => P;
  readonly run: (context: JobContext<P>) => Promise<void>;
  /** Called once when the job fails for good (out of attempts), to mark the feature's record. */
  readonly onFailed?: (db: Kysely<Database>, payload: P, error: string) => Promise<void>;
}

/** A handler with its payload type erased: it parses the stored payload itself. */
export interface StoredJobHandler {
  readonly original: unknown;
  readonly run: (context: JobContext<unknown>) => Promise<void>;
  readonly onFailed: (db: Kysely<Database>, payload: unknown, error: string) => Promise<void>;
}

const handlers = new Map<string, StoredJobHandler>();

/** Declares the handler of a kind of job; a module does it once, when it is loaded. */
export function registerJobHandler<P>(kind: string, handler: JobHandler<P>): void {
  const known = handlers.get(kind);
  if (known) {
    if (known.original === handler) return;
    throw new Error(`job kind ${kind} already has a handler`);
  }
  handlers.set(kind, {
    original: handler,
    run: (context) => handler.run({ ...context, payload: handler.parse(context.payload) }),
    onFailed: async (db, payload, error) => {
      await handler.onFailed?.(db, handler.parse(payload), error);
    },
  });
}

export function jobHandlerOf(kind: string): StoredJobHandler | undefined {
  return handlers.get(kind);
}

export function registeredJobKinds(): string[] {
  return [...handlers.keys()];
}
