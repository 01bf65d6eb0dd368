// All of the seminars' SQL: types and seminars, and their audience.
export * from './audience';
export * from './seminars';
