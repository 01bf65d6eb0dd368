// All of the reports' SQL: each kind's computation, the archives and the report transaction's settings.
export * from './archives';
export * from './catalogue-groups';
export * from './family-needs';
export * from './financial-services';
export * from './medical';
export * from './report-options';
export * from './seminar';
export * from './services';
export * from './survey';
