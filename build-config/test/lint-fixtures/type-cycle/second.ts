// A fixture for build-config/test/lint-boundaries.test.ts: the other half of the type-only cycle.
import type { First } from './first';

export interface Second {
  first?: First;
}
