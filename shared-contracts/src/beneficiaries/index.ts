// `shared-contracts/beneficiaries`: families, members, organisations, seasons and their lookups.
export * from './lookups';
export * from './family-status';
export * from './family-member';
export * from './medical';
export * from './family';
export * from './family-wizard';
export * from './organisation';
export * from './season';
export * from './lookup-endpoints';
export * from './family-endpoints';
export * from './family-import';
export * from './family-import-columns';
export * from './family-import-endpoints';
export * from './member-endpoints';
export * from './season-endpoints';
