export declare const RESTART_DEFAULTS: { initialMs: number; maxMs: number; healthyResetMs: number };

export declare class RestartBackoff {
  constructor(options?: Partial<typeof RESTART_DEFAULTS>);
  /** The wait before the next start, after a run that had been healthy for `healthyForMs`. */
  next(healthyForMs: number): number;
}
