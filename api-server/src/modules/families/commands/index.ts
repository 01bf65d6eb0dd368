// The families module's rules and transactions: the write model built from a request, its checks,
// and the commands that open a transaction and write the activity log with the change.
export * from './checks';
export * from './families';
export * from './write';
export * from './merge';
