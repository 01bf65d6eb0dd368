import { z } from 'zod';
import { isSuperAdmin } from '../access';
import { permissionKeySchema } from '../auth/employee';
import { access, defineEndpoints } from '../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../core/envelope';
import { defineListQuery } from '../core/list-query';
import {
  optionalInput,
  personRefSchema,
  nameTextSchema,
  textSchema,
  timestampSchema,
} from '../core/values';
import { PERMISSION_KEYS, PERMISSION_LABELS, type PermissionKey } from '../permissions';
import { ROUTES, type PageId } from '../routes';
import { titleForPath, titlePrefixOf } from '../titles';
import {
  ADMIN_PERMISSION,
  EMPLOYEE_RULE_MESSAGES,
  changedKeys,
  grantableKeys,
  keysNotHeldMessage,
} from './employee-rules';

/**
 * Permission groups: named sets of permission keys ("باحث اجتماعي", "محاسب"…). An
 * employee's effective permissions are the union of their groups' keys and their own individual
 * keys; that union is what `GET /user`, the login answer and every API check read. Changing a
 * group changes its members' access at their next request.
 */

export const PERMISSION_GROUP_MESSAGES = {
  notFound: 'مجموعة الصلاحيات غير موجودة',
  created: 'تمت إضافة مجموعة الصلاحيات بنجاح',
  updated: 'تم تحديث مجموعة الصلاحيات بنجاح',
  deleted: 'تم حذف مجموعة الصلاحيات',
  duplicateName: 'توجد مجموعة صلاحيات بالاسم نفسه',
  inUse: 'لا يمكن حذف مجموعة الصلاحيات لأن موظفين ينتمون إليها، أخرجهم منها أولاً',
  noKeys: 'اختر صلاحية واحدة على الأقل',
  ownGroup: 'لا يمكنك تعديل صلاحيات مجموعة أنت عضو فيها',
  ownGroups: 'لا يمكنك تغيير مجموعات صلاحياتك بنفسك',
  unknownGroup: 'مجموعة الصلاحيات المختارة غير موجودة',
} as const;

/** `POST /permission-groups`, `PUT /permission-groups/{id}`. */
export const permissionGroupInputSchema = z.object({
  name: nameTextSchema(100, 2),
  description: optionalInput(textSchema(500)),
  permissions: z
    .array(permissionKeySchema)
    .max(PERMISSION_KEYS.length * 2)
    .refine((keys) => keys.length > 0, { message: PERMISSION_GROUP_MESSAGES.noKeys }),
});
export type PermissionGroupInput = z.output<typeof permissionGroupInputSchema>;
export type PermissionGroupFormValues = z.input<typeof permissionGroupInputSchema>;

export const permissionGroupMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  role: z.string().nullable(),
});
export type PermissionGroupMember = z.infer<typeof permissionGroupMemberSchema>;

/** A group (list and detail); the detail adds its members. */
export const permissionGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  members_count: z.number().int().min(0),
  members: z.array(permissionGroupMemberSchema).optional(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  updated_by: personRefSchema.nullable(),
});
export type PermissionGroup = z.infer<typeof permissionGroupSchema>;
export const permissionGroupListResponseSchema = listEnvelopeOf(permissionGroupSchema);
export const permissionGroupResponseSchema = itemEnvelopeOf(permissionGroupSchema);
export const permissionGroupDeleteResponseSchema = z.object({ message: z.string() });

export function permissionGroupToInput(group: PermissionGroup): PermissionGroupFormValues {
  return {
    name: group.name,
    description: group.description,
    permissions: group.permissions.filter((key): key is PermissionKey =>
      (PERMISSION_KEYS as readonly string[]).includes(key),
    ),
  };
}

export const PERMISSION_GROUP_SORTABLE = ['name', 'created_at', 'updated_at'] as const;

/** `GET /permission-groups?search=` (name and description, Arabic-normalised). */
export const permissionGroupListQuery = defineListQuery({
  sortable: PERMISSION_GROUP_SORTABLE,
  filters: {},
});
export const permissionGroupListQuerySchema = permissionGroupListQuery.schema;
export type PermissionGroupListQuery = z.output<typeof permissionGroupListQuerySchema>;

const manageGroups = access.allOf('show_permissions_employees');

export const permissionGroupEndpoints = defineEndpoints('permission-groups', {
  list: {
    method: 'GET',
    path: '/permission-groups',
    query: permissionGroupListQuerySchema,
    response: permissionGroupListResponseSchema,
    access: manageGroups,
    summary: 'مجموعات الصلاحيات',
  },
  show: {
    method: 'GET',
    path: '/permission-groups/:id',
    response: permissionGroupResponseSchema,
    access: manageGroups,
    summary: 'بيانات مجموعة صلاحيات وأعضاؤها',
  },
  create: {
    method: 'POST',
    path: '/permission-groups',
    body: permissionGroupInputSchema,
    response: permissionGroupResponseSchema,
    status: 201,
    access: manageGroups,
    summary: 'إضافة مجموعة صلاحيات',
  },
  update: {
    method: 'PUT',
    path: '/permission-groups/:id',
    body: permissionGroupInputSchema,
    response: permissionGroupResponseSchema,
    access: manageGroups,
    summary: 'تعديل مجموعة صلاحيات (يسري على أعضائها فوراً)',
  },
  delete: {
    method: 'DELETE',
    path: '/permission-groups/:id',
    response: permissionGroupDeleteResponseSchema,
    access: manageGroups,
    summary: 'حذف مجموعة صلاحيات (غير المستخدمة)',
  },
});

// ---------------------------------------------------------------------------------------------
// What each key opens, from the route table (never a copied list)
// ---------------------------------------------------------------------------------------------

export interface KeyPage {
  pageId: PageId;
  path: string;
  title: string;
}

/**
 * The pages each key opens, derived from `ROUTES`: a page whose required keys include the key,
 * named by its title (or its parent's). Pages needing several keys are listed under each.
 */
export function pagesOpenedBy(key: PermissionKey): KeyPage[] {
  const pages: KeyPage[] = [];
  for (const route of ROUTES) {
    const required: readonly string[] = route.permissions;
    if (!required.includes(key)) continue;
    // The header's title of the page (its own, or the nearest titled prefix's).
    const title = titleForPath(titlePrefixOf(route.path));
    if (pages.some((page) => page.title === title)) continue;
    pages.push({ pageId: route.pageId, path: route.path, title });
  }
  return pages;
}

// ---------------------------------------------------------------------------------------------
// Grant rules for groups (employee-rules.ts applied to a group's keys)
// ---------------------------------------------------------------------------------------------

type Actor = { id: number; permissions: readonly string[]; role?: string | null };

/** Refusals (403) of the keys a group change adds or removes, judged as a grant of them. */
function keyChangeRefusals(
  actor: Actor,
  keyChanges: readonly string[],
): { status: 403; message: string }[] {
  if (isSuperAdmin(actor) || keyChanges.length === 0) return [];
  const refusals: { status: 403; message: string }[] = [];
  if (keyChanges.includes(ADMIN_PERMISSION))
    refusals.push({ status: 403, message: EMPLOYEE_RULE_MESSAGES.adminPermissionSuperAdminOnly });
  const grantable = new Set<string>(grantableKeys(actor));
  const notHeld = PERMISSION_KEYS.filter(
    (key) => key !== ADMIN_PERMISSION && keyChanges.includes(key) && !grantable.has(key),
  );
  if (notHeld.length > 0) refusals.push({ status: 403, message: keysNotHeldMessage(notHeld) });
  return refusals;
}

/**
 * Creating (`before` null) or editing a group: nobody puts in or takes out a key they do not
 * hold, only a super admin touches the administrator key, and nobody changes a group they belong
 * to (it would change their own permissions).
 */
export function permissionGroupChangeRefusals(
  actor: Actor,
  before: readonly string[] | null,
  after: readonly string[],
  actorIsMember: boolean,
): { status: 403 | 422; field: 'permissions'; message: string }[] {
  const keyChanges = changedKeys(before ?? [], after);
  const refusals: { status: 403 | 422; field: 'permissions'; message: string }[] =
    keyChangeRefusals(actor, keyChanges).map((refusal) => ({
      ...refusal,
      field: 'permissions' as const,
    }));
  if (actorIsMember && keyChanges.length > 0)
    refusals.push({
      status: 422,
      field: 'permissions',
      message: PERMISSION_GROUP_MESSAGES.ownGroup,
    });
  return refusals;
}

/**
 * Adding an employee to groups or taking them out: the same as granting or removing those
 * groups' keys (a key the employee also holds individually or through another group is no change).
 */
export function groupMembershipRefusals(
  actor: Actor,
  isSelf: boolean,
  effectiveBefore: readonly string[],
  effectiveAfter: readonly string[],
  groupsChanged: boolean,
): { status: 403 | 422; field: 'group_ids'; message: string }[] {
  if (!groupsChanged) return [];
  if (isSelf)
    return [{ status: 422, field: 'group_ids', message: PERMISSION_GROUP_MESSAGES.ownGroups }];
  return keyChangeRefusals(actor, changedKeys(effectiveBefore, effectiveAfter)).map((refusal) => ({
    ...refusal,
    field: 'group_ids' as const,
  }));
}

/** The union of individual keys and groups' keys, in the contract's order (unknown keys dropped). */
export function effectivePermissions(
  individual: readonly string[],
  groups: readonly { permissions: readonly string[] }[],
): PermissionKey[] {
  const held = new Set<string>(individual);
  for (const group of groups) for (const key of group.permissions) held.add(key);
  return PERMISSION_KEYS.filter((key) => held.has(key));
}

/** The Arabic name of a key (for sources and checklists). */
export function permissionLabel(key: string): string {
  return (PERMISSION_LABELS as Record<string, string>)[key] ?? key;
}

/**
 * The data protection officer's group (docs/personal-data.md): consents, who opened a family's
 * file, and erasure. Seeded on a new database and added once to an existing one by the consents
 * module's migration.
 */
export const DATA_PROTECTION_OFFICER_GROUP = {
  name: 'مسؤول حماية البيانات',
  description: 'موافقات الأسر على معالجة بياناتها، ومن اطّلع على ملفاتها، ومحو البيانات الشخصية',
  permissions: ['show_index', 'show_families', 'manage_personal_data', 'anonymise_families'],
} as const satisfies { name: string; description: string; permissions: readonly PermissionKey[] };

/**
 * The seeded groups (the usual roles of a charity's staff): created once on a new database, then
 * edited freely.
 */
export const SEEDED_PERMISSION_GROUPS: readonly {
  name: string;
  description: string;
  permissions: readonly PermissionKey[];
}[] = [
  {
    name: 'باحث اجتماعي',
    description: 'تسجيل الأسر وأفرادها ومتابعتها والبرامج الموسمية',
    permissions: [
      'show_index',
      'show_families',
      'create_families',
      'edit_families',
      'import_families',
      'show_seasonal',
    ],
  },
  {
    name: 'مراجع',
    description: 'مراجعة ملفات الأسر والجهات والبرامج والتقارير دون إضافة',
    permissions: [
      'show_index',
      'show_families',
      'edit_families',
      'show_orgs',
      'show_seasonal',
      'show_reports',
    ],
  },
  {
    name: 'محاسب',
    description: 'السجلات المالية والتقارير',
    permissions: ['show_index', 'show_financial', 'show_reports'],
  },
  {
    name: 'مدخل بيانات',
    description: 'إدخال الأسر والجهات',
    permissions: ['show_families', 'create_families', 'show_orgs', 'create_orgs'],
  },
  DATA_PROTECTION_OFFICER_GROUP,
];
