// All of the surveys' SQL: types, templates and versions, surveys, responses and the groups.
export * from './groups';
export * from './rates';
export * from './shared';
export * from './surveys';
export * from './templates';
export * from './types';
