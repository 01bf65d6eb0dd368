// The package's domain-free surface: the core (values, envelopes, list queries, identifiers,
// Arabic validation, the endpoint machinery, the API client) and the shell's tables (permissions,
// routes, sidebar, session, auth). Each domain has its own entry: `shared-contracts/<domain>`.
// Importing it also installs the Arabic zod error map.
import './core/arabic-error-map';

// core
export * from './core/arabic-error-map';
export * from './core/text';
export * from './core/values';
export * from './core/openapi-hints';
export * from './core/field-visibility';
export * from './core/envelope';
export * from './core/list-query';
export * from './core/identifiers/saudi-id';
export * from './core/identifiers/phone';
export * from './core/identifiers/display';
export * from './core/plural';
export * from './core/numbers';
export * from './core/hijri';
export * from './core/typed-date';
export * from './core/display-text';
export * from './core/query-defaults';
export * from './core/api-client';
export * from './core/forwarding';
export * from './core/endpoint';
export * from './core/call-endpoint';
export * from './core/resource';

// the shell
export * from './resources';
export * from './permissions';
export * from './remotes';
export * from './routes';
export * from './titles';
export * from './access';
export * from './sidebar';
export * from './landing';
export * from './pages-contract';
export * from './remotes-config';
export * from './releases/rollout-assignment';
export * from './releases/client-events';
export * from './slots';
export * from './session/storage-keys';
export * from './session/theme-mode';
export * from './session/session-store';
export * from './auth/employee';
export * from './auth/auth';
export * from './auth/auth-endpoints';
