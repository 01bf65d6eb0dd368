// `shared-contracts/services`: services delivered to families, their types, departments and axes.
export * from './common';
export * from './service-department';
export * from './service-axis';
export * from './service-type';
export * from './service';
