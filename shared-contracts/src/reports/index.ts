// `shared-contracts/reports`: the dashboard's figures, and the reports with their archives.
export * from './dashboard';
export * from './reports-core';
