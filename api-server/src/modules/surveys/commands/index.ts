// The surveys' writes: templates and their versions, surveys, responses.
export * from './rates';
export * from './surveys';
export * from './templates';
