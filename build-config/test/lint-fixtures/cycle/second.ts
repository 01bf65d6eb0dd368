// A fixture for build-config/test/lint-boundaries.test.ts: the other half of the cycle.
import { first } from './first';

export const second = (): string => (Math.random() > 2 ? first() : 'second');
