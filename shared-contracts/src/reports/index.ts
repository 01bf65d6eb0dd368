// `shared-contracts/reports`: the reports domain's schemas and endpoint tables (none declared yet).
export {};
