// `shared-contracts/engagement`: the engagement domain's schemas and endpoint tables — seminars
// (with their types and audience) and surveys (types, versioned templates, surveys and responses).
export * from './seminars';
export * from './surveys';
