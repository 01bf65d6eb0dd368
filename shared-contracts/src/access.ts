import type { RouteDefinition } from './routes';

/** The part of an employee the access rules read. */
export interface AccessSubject {
  active: boolean;
  permissions: readonly string[];
  role?: string | null;
  roles?: readonly { slug?: string; name?: string }[];
}

const squash = (value: string) => value.replace(/\s+/g, '').toLowerCase();

/**
 * docs/shell.md#permissions: the role, or any of roles[].slug / roles[].name, compared
 * case-insensitively with spaces removed, equals `superadmin`.
 */
export function isSuperAdmin(subject: Pick<AccessSubject, 'role' | 'roles'>): boolean {
  const candidates: string[] = [];
  if (typeof subject.role === 'string') candidates.push(subject.role);
  for (const item of subject.roles ?? []) {
    if (typeof item.slug === 'string') candidates.push(item.slug);
    if (typeof item.name === 'string') candidates.push(item.name);
  }
  return candidates.some((candidate) => squash(candidate) === 'superadmin');
}

export function hasAllPermissions(subject: AccessSubject, keys: readonly string[]): boolean {
  return keys.every((key) => subject.permissions.includes(key));
}

export type AccessDecision = 'allowed' | 'forbidden';

/**
 * The guard's rule for an authenticated subject: inactive is always forbidden
 * (docs/shell.md#permissions).
 */
export function decideAccess(
  subject: AccessSubject,
  route: Pick<RouteDefinition, 'permissions' | 'superAdminOnly'>,
): AccessDecision {
  if (!subject.active) return 'forbidden';
  if (route.superAdminOnly && !isSuperAdmin(subject)) return 'forbidden';
  return hasAllPermissions(subject, route.permissions) ? 'allowed' : 'forbidden';
}

/**
 * Whether an employee may call an endpoint with this access rule (shared-contracts endpoint
 * declarations): the UI shows an action only when this is true; the API enforces the same rule.
 */
export function mayCall(
  subject: AccessSubject,
  rule:
    | { readonly kind: 'public' }
    | { readonly kind: 'authenticated' }
    | { readonly kind: 'super-admin' }
    | {
        readonly kind: 'permissions';
        readonly all: readonly string[];
        readonly anyOf?: readonly string[];
      },
): boolean {
  if (rule.kind === 'public') return true;
  if (!subject.active) return false;
  if (rule.kind === 'authenticated') return true;
  if (rule.kind === 'super-admin') return isSuperAdmin(subject);
  if (!hasAllPermissions(subject, rule.all)) return false;
  return !rule.anyOf || rule.anyOf.some((key) => subject.permissions.includes(key));
}
