// `shared-contracts/admin`: employees management, permission groups, the activity log, calorie settings.
export * from './employee-input';
export * from './employee-list';
export * from './employee-endpoints';
export * from './employee-rules';
export * from './activity-log';
export * from './activity-log-endpoints';
export * from './activity-log-query-root';
export * from './role-labels';
export * from './activity-format';
export * from './permission-groups';
export * from './calorie-settings';
export * from './activity-links';
export * from './user-agent';
