// All of finance's SQL: the records' and categories' reads, the report, and the writes' rows.
export * from './records';
export * from './report';
export * from './writes';
