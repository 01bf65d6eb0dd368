import { DECLARED_PERMISSIONS, type DeclaredPermissionKey } from './resources';

/**
 * Every permission key of the product (docs/shell.md#the-employee), derived from the resource
 * declarations (`resources/registry.ts`: each resource names its keys with their Arabic meaning).
 * The UI guard, the sidebar and the API's route declarations all read this one list; an unknown
 * key is a type error everywhere.
 */
export type PermissionKey = DeclaredPermissionKey;

export const PERMISSION_KEYS = DECLARED_PERMISSIONS.map(
  ([key]) => key,
) as readonly PermissionKey[] as readonly [PermissionKey, ...PermissionKey[]];

/** Arabic labels for the permissions screen, grouped the way staff think of them. */
export const PERMISSION_LABELS: Record<PermissionKey, string> = Object.fromEntries(
  DECLARED_PERMISSIONS,
) as Record<PermissionKey, string>;

export function isPermissionKey(value: unknown): value is PermissionKey {
  return typeof value === 'string' && (PERMISSION_KEYS as readonly string[]).includes(value);
}
