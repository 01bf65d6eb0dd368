// The lookups' SQL: the beneficiaries lists and the reads every editable named lookup shares.
export * from './lists';
export * from './named-lookup';
