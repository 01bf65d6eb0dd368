// The seminars' writes: the seminars and their workflow, and the audience queue.
export * from './audience';
export * from './seminars';
