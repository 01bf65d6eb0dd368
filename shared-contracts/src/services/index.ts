// `shared-contracts/services`: the services domain's schemas and endpoint tables (none declared yet).
export {};
