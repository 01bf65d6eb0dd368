// `shared-contracts/finance`: the finance domain's schemas and endpoint tables (none declared yet).
export {};
