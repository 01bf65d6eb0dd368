import { z } from 'zod';
import { permissionKeySchema, type Employee, type PermissionKey } from 'shared-contracts';
import {
  SUPER_ADMIN_ROLE_CODE,
  effectivePermissions,
  employeeChangeRefusals,
  groupMembershipRefusals,
  type AdminEmployee,
  employeeCreateSchema,
  employeeUpdateSchema,
} from 'shared-contracts/admin';
import type { EmployeeSave } from '../api/employees-api';

/**
 * The role the API (and docs/shell.md#permissions) reads as super admin; offered only to a super
 * admin.
 */
export const SUPER_ADMIN_ROLE = SUPER_ADMIN_ROLE_CODE;

/** What the form holds: strings for the text inputs ('' = empty), the checked keys. */
export interface EmployeeFormValues {
  name: string;
  email: string;
  password: string;
  active: boolean;
  role: string;
  permissions: PermissionKey[];
  /** The permission groups the employee belongs to. */
  group_ids: number[];
}

export const EMPLOYEE_FORM_FIELDS = [
  'name',
  'email',
  'password',
  'active',
  'role',
  'permissions',
  'group_ids',
] as const satisfies readonly (keyof EmployeeFormValues)[];

export type EmployeeFormMode = 'create' | 'edit';

export function emptyEmployeeForm(): EmployeeFormValues {
  return {
    name: '',
    email: '',
    password: '',
    active: true,
    role: '',
    permissions: [],
    group_ids: [],
  };
}

/** An existing employee in the form; the password stays empty (kept unless one is typed). */
export function employeeToFormValues(employee: AdminEmployee): EmployeeFormValues {
  return {
    name: employee.name,
    email: employee.email,
    password: '',
    active: employee.active,
    role: employee.role ?? '',
    // Keys the contract no longer knows are dropped rather than sent back (the API would refuse them).
    permissions: employee.permissions.filter(
      (key): key is PermissionKey => permissionKeySchema.safeParse(key).success,
    ),
    group_ids: [...employee.group_ids],
  };
}

const formValuesSchema = z.object({
  name: z.string(),
  email: z.string(),
  password: z.string(),
  active: z.boolean(),
  role: z.string(),
  permissions: z.array(permissionKeySchema),
  group_ids: z.array(z.number().int()),
});

export interface EmployeeFormContext {
  /** The logged-in employee making the change (`undefined` until known: nothing is allowed then). */
  actor: Employee | undefined;
  /** The permission groups (with their keys) the form offers: joining one grants its keys. */
  groups?: readonly { id: number; permissions: readonly string[] }[];
}

/** Stands in for an unknown actor: holds nothing, so every rule refuses. */
const NOBODY = { id: -1, permissions: [], role: null } as const;

/** Form values → request body: blank role is `null`; in edit mode a blank password is left out. */
function toBody(values: EmployeeFormValues, mode: EmployeeFormMode) {
  const role = values.role.trim();
  return {
    name: values.name,
    email: values.email.trim(),
    ...(mode === 'create' || values.password !== '' ? { password: values.password } : {}),
    active: values.active,
    role: role === '' ? null : role,
    permissions: values.permissions,
    group_ids: [...values.group_ids].sort((a, b) => a - b),
  };
}

/**
 * The API's rules about who may change what (`employeeChangeRefusals`, shared with the API),
 * checked first so each refusal sits on its field instead of coming back as a 403.
 */
function ruleIssues(
  body: ReturnType<typeof toBody>,
  target: AdminEmployee | null,
  context: EmployeeFormContext,
): { path: [keyof EmployeeFormValues]; message: string }[] {
  const actor = context.actor ?? NOBODY;
  const refusals = employeeChangeRefusals(actor, target, {
    role: body.role,
    permissions: body.permissions,
    active: body.active,
    password: target !== null && body.password !== undefined,
  });
  // Joining or leaving a group grants or removes its keys: the same rules, on `group_ids`.
  const groupsOf = (ids: readonly number[]) =>
    (context.groups ?? []).filter((group) => ids.includes(group.id));
  const before = target?.group_ids ?? [];
  const membership = groupMembershipRefusals(
    actor,
    target !== null && target.id === actor.id,
    effectivePermissions(body.permissions, groupsOf(before)),
    effectivePermissions(body.permissions, groupsOf(body.group_ids)),
    before.join(',') !== body.group_ids.join(','),
  );
  return [...refusals, ...membership].map((refusal) => ({
    path: [refusal.field],
    message: refusal.message,
  }));
}

type FormIssue = { path: PropertyKey[]; message: string };

/** The body checked by the API's own schema plus the rules; every problem goes on its field. */
function validBody<S extends z.ZodType>(
  schema: S,
  body: ReturnType<typeof toBody>,
  rules: readonly FormIssue[],
  ctx: z.RefinementCtx,
): z.output<S> | undefined {
  const parsed = schema.safeParse(body);
  const issues: FormIssue[] = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message }))),
    ...rules,
  ];
  for (const issue of issues)
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return parsed.success && issues.length === 0 ? parsed.data : undefined;
}

/**
 * The form's schema (for `useSchemaForm`): form values in, the save out — validated by the shared
 * `employeeCreateSchema` / `employeeUpdateSchema` (the API's own schemas, with their Arabic
 * messages) plus the API's rules about who may change what. Every problem is
 * reported at once, each on its field. `target` is the employee being edited, `null` for a new one.
 */
export function employeeFormSchema(
  target: AdminEmployee | null,
  context: EmployeeFormContext,
): z.ZodType<EmployeeSave, EmployeeFormValues> {
  const mode: EmployeeFormMode = target ? 'edit' : 'create';
  return formValuesSchema.transform((values, ctx): EmployeeSave => {
    const body = toBody(values, mode);
    const rules = ruleIssues(body, target, context);
    if (target) {
      const changes = validBody(employeeUpdateSchema, body, rules, ctx);
      return changes ? { kind: 'update', id: target.id, body: changes } : z.NEVER;
    }
    const created = validBody(employeeCreateSchema, body, rules, ctx);
    return created ? { kind: 'create', body: created } : z.NEVER;
  });
}
