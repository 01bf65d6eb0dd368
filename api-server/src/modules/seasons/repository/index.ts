// The seasons module's SQL (reads and writes) and its read model.
export * from './resources';
export * from './seasons';
