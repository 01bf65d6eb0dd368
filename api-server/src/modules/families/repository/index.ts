// The families module's SQL (reads and writes), its read model and its write model's columns.
export * from './columns';
export * from './export-rows';
export * from './families';
export * from './resources';
