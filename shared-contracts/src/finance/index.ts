// `shared-contracts/finance`: the finance domain's schemas and endpoint tables.
export * from './money';
export * from './category';
export * from './record';
export * from './report';
export * from './options';
export * from './activity-labels';
