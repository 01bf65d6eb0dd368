// `shared-contracts/engagement`: the engagement domain's schemas and endpoint tables (none declared yet).
export {};
