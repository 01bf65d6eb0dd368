// A fixture for build-config/test/lint-boundaries.test.ts: first.ts and second.ts import each other.
import { second } from './second';

export const first = (): string => `first then ${second()}`;
