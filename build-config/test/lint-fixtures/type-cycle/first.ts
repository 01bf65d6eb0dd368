// A fixture for build-config/test/lint-boundaries.test.ts: first.ts and second.ts import each
// other's types only (import-x/no-cycle lets that pass; boundaries/no-cycle does not).
import type { Second } from './second';

export interface First {
  second?: Second;
}
