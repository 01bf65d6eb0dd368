// The package's public surface. Importing it also installs the Arabic zod error map.
import './validation/arabic-error-map';

export * from './permissions';
export * from './remotes';
export * from './routes';
export * from './titles';
export * from './access';
export * from './sidebar';
export * from './text';
export * from './query';
export * from './pages-contract';
export * from './remotes-config';
export * from './validation/arabic-error-map';
export * from './schemas/employee';
export * from './schemas/auth';
export * from './schemas/envelope';
export * from './api/client';
export * from './api/endpoints';
export * from './session/storage-keys';
export * from './session/theme-mode';
export * from './session/session-store';
