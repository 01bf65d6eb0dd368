import { isSuperAdmin, type AccessSubject } from '../access';
import { PERMISSION_KEYS, PERMISSION_LABELS, type PermissionKey } from '../permissions';

/**
 * Who may change what on an employee account. The API enforces these rules
 * (403 / 422) and the employee form applies the same functions, so a refusal is explained on its
 * field before anything is sent. Without them, holding `show_permissions_employees` was enough to
 * grant oneself every key, or to reset a colleague's password and sign in as them.
 *
 * - An employee grants or removes only keys they hold themself; a super admin any key.
 * - `show_permissions_employees` (the administrator key) is granted or removed by a super admin only.
 * - Nobody changes their own permissions or their own active state.
 * - Only a super admin resets the password of another administrator (a super admin or a holder
 *   of the administrator key), or of an employee holding a key the actor lacks: signing in as
 *   that employee would be a way round the first rule.
 * - Only a super admin appoints, edits or demotes a super admin; nobody demotes themself.
 */
export const ADMIN_PERMISSION: PermissionKey = 'show_permissions_employees';

export const EMPLOYEE_RULE_MESSAGES = {
  superAdminOnly: 'منح دور مدير النظام أو سحبه أو تعديل حساب مدير النظام متاح لمدير النظام فقط',
  cannotDeactivateSelf: 'لا يمكنك إيقاف حسابك بنفسك',
  cannotChangeOwnPermissions: 'لا يمكنك تعديل صلاحياتك بنفسك',
  cannotDemoteSelf: 'لا يمكنك إزالة دور مدير النظام من حسابك',
  adminPermissionSuperAdminOnly:
    'منح صلاحية إدارة الموظفين والصلاحيات أو سحبها متاح لمدير النظام فقط',
  adminPasswordSuperAdminOnly:
    'إعادة تعيين كلمة مرور مسؤول عن الموظفين والصلاحيات متاحة لمدير النظام فقط',
  widerAccountPassword: 'لا يمكنك إعادة تعيين كلمة مرور موظف يملك صلاحيات لا تملكها',
  lastSuperAdmin: 'لا يمكن إيقاف آخر مدير نظام مفعل أو إزالة دوره، عيّن مدير نظام آخر أولاً',
} as const;

/** "لا يمكنك منح صلاحيات لا تملكها أو سحبها: عرض الأسر، إدارة المالية" */
export function keysNotHeldMessage(keys: readonly PermissionKey[]): string {
  return `لا يمكنك منح صلاحيات لا تملكها أو سحبها: ${keys.map((key) => PERMISSION_LABELS[key]).join('، ')}`;
}

type Subject = Pick<AccessSubject, 'permissions' | 'role' | 'roles'>;

/** A super admin, or a holder of the administrator key. */
export function isAdministrator(subject: Subject): boolean {
  return isSuperAdmin(subject) || subject.permissions.includes(ADMIN_PERMISSION);
}

/** The keys `actor` may add to or remove from someone else, in the contract's order. */
export function grantableKeys(actor: Subject): PermissionKey[] {
  if (isSuperAdmin(actor)) return [...PERMISSION_KEYS];
  return PERMISSION_KEYS.filter(
    (key) => key !== ADMIN_PERMISSION && actor.permissions.includes(key),
  );
}

/** Whether `actor` may set a new password for `target` (another employee). */
export function passwordResetRefusal(actor: Subject, target: Subject): string | null {
  if (isSuperAdmin(actor)) return null;
  if (isAdministrator(target)) return EMPLOYEE_RULE_MESSAGES.adminPasswordSuperAdminOnly;
  if (target.permissions.some((key) => !actor.permissions.includes(key)))
    return EMPLOYEE_RULE_MESSAGES.widerAccountPassword;
  return null;
}

/** The keys added or removed between two permission lists (unknown stored keys included as-is). */
export function changedKeys(before: readonly string[], after: readonly string[]): string[] {
  const was = new Set(before);
  const now = new Set(after);
  return [...[...now].filter((key) => !was.has(key)), ...[...was].filter((key) => !now.has(key))];
}

export interface EmployeeChange {
  /** The full new permission list, when the change sets one. */
  permissions?: readonly string[];
  active?: boolean;
  /** The new role (`null` = none), when the change sets one. */
  role?: string | null;
  /** A new password is set. */
  password?: boolean;
}

export interface EmployeeRuleRefusal {
  /** 403: the actor lacks the authority; 422: a rule about one's own account, on its field. */
  status: 403 | 422;
  field: 'permissions' | 'active' | 'role' | 'password';
  message: string;
}

/**
 * Every rule `change` breaks when `actor` makes it to `target` (`null`: a new employee), the
 * authority refusals (403) first. Empty: allowed.
 */
export function employeeChangeRefusals(
  actor: Subject & { id: number },
  target: (Subject & { id: number; active: boolean }) | null,
  change: EmployeeChange,
): EmployeeRuleRefusal[] {
  const refusals: EmployeeRuleRefusal[] = [];
  const actorIsSuperAdmin = isSuperAdmin(actor);
  const isSelf = target !== null && target.id === actor.id;
  const roleAfter = change.role === undefined ? (target?.role ?? null) : change.role;

  // Only a super admin may make, unmake or edit a super admin.
  if (
    !actorIsSuperAdmin &&
    ((target !== null && isSuperAdmin(target)) || isSuperAdmin({ role: roleAfter }))
  ) {
    refusals.push({ status: 403, field: 'role', message: EMPLOYEE_RULE_MESSAGES.superAdminOnly });
  }

  const keyChanges =
    change.permissions === undefined
      ? []
      : changedKeys(target?.permissions ?? [], change.permissions);
  if (!isSelf && keyChanges.length > 0 && !actorIsSuperAdmin) {
    if (keyChanges.includes(ADMIN_PERMISSION)) {
      refusals.push({
        status: 403,
        field: 'permissions',
        message: EMPLOYEE_RULE_MESSAGES.adminPermissionSuperAdminOnly,
      });
    }
    const grantable = new Set<string>(grantableKeys(actor));
    const notHeld = PERMISSION_KEYS.filter(
      (key) => key !== ADMIN_PERMISSION && keyChanges.includes(key) && !grantable.has(key),
    );
    if (notHeld.length > 0)
      refusals.push({ status: 403, field: 'permissions', message: keysNotHeldMessage(notHeld) });
  }

  if (target !== null && !isSelf && change.password) {
    const refusal = passwordResetRefusal(actor, target);
    if (refusal) refusals.push({ status: 403, field: 'password', message: refusal });
  }

  if (isSelf) {
    if (keyChanges.length > 0) {
      refusals.push({
        status: 422,
        field: 'permissions',
        message: EMPLOYEE_RULE_MESSAGES.cannotChangeOwnPermissions,
      });
    }
    if (change.active !== undefined && change.active !== target.active) {
      refusals.push({
        status: 422,
        field: 'active',
        message: EMPLOYEE_RULE_MESSAGES.cannotDeactivateSelf,
      });
    }
    // Removing one's own role could leave no super admin at all.
    if (isSuperAdmin(target) && !isSuperAdmin({ role: roleAfter })) {
      refusals.push({
        status: 422,
        field: 'role',
        message: EMPLOYEE_RULE_MESSAGES.cannotDemoteSelf,
      });
    }
  }
  return refusals.sort((a, b) => a.status - b.status);
}
