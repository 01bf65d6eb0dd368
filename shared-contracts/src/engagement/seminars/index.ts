// The seminars part of `shared-contracts/engagement`: types, seminars, their audience.
export * from './seminar-type';
export * from './seminar';
export * from './audience';
export * from './activity-labels';
