// The seminars part of `shared-contracts/engagement` (issue 14): types, seminars, their audience.
export * from './seminar-type';
export * from './seminar';
export * from './audience';
export * from './activity-labels';
