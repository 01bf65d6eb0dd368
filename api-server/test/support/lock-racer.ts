// A child process of data-dir-lock.test.ts: on each message it waits until the given instant
// (so every racer starts within microseconds of the others), tries to take the lock on the given
// data directory, and answers whether it got it. It never releases a lock it got: each round has a
// directory of its own, and this process's exit is what drops them all.
import { acquireDataDirLock } from '../../src/db/data-dir-lock';

interface Round {
  round: number;
  dataDir: string;
  /** Epoch milliseconds (fractional) at which to try. */
  at: number;
}

const held: unknown[] = [];

process.on('message', (message: Round) => {
  while (performance.timeOrigin + performance.now() < message.at) {
    // Spin: a timer would wake each racer up to a millisecond apart.
  }
  let won = false;
  let error: string | undefined;
  try {
    held.push(acquireDataDirLock(message.dataDir));
    won = true;
  } catch (caught) {
    error = caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught);
  }
  process.send?.({ round: message.round, pid: process.pid, won, error });
});
process.send?.({ ready: true });
