// The surveys part of `shared-contracts/engagement`: types, versioned templates, the
// answer validator, surveys with their summary, and responses.
export * from './common';
export * from './survey-type';
export * from './survey-template';
export * from './survey-answers';
export * from './survey';
export * from './survey-rate';
export * from './activity-labels';
