// The wait before `pnpm start` restarts a process that stopped (start.mjs): 1 s, doubling at each
// restart up to 30 s, so a process that cannot start is retried without spinning; back to 1 s once
// one run has been healthy for a while, so a crash after days of work is retried at once.
'use strict';

const RESTART_DEFAULTS = { initialMs: 1000, maxMs: 30_000, healthyResetMs: 60_000 };

class RestartBackoff {
  /** @param {Partial<typeof RESTART_DEFAULTS>} [options] */
  constructor(options = {}) {
    this.options = { ...RESTART_DEFAULTS, ...options };
    this.nextDelayMs = this.options.initialMs;
  }

  /**
   * The wait before the next start, after a run that had been healthy for `healthyForMs`
   * (0: it never answered).
   * @param {number} healthyForMs
   * @returns {number}
   */
  next(healthyForMs) {
    if (healthyForMs >= this.options.healthyResetMs) this.nextDelayMs = this.options.initialMs;
    const delay = this.nextDelayMs;
    this.nextDelayMs = Math.min(delay * 2, this.options.maxMs);
    return delay;
  }
}

module.exports = { RestartBackoff, RESTART_DEFAULTS };
