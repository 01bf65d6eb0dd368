import { z } from 'zod';
import { access, defineEndpoints } from '../core/endpoint';
import { itemEnvelopeOf } from '../core/envelope';
import { codesFilter, defineListQuery } from '../core/list-query';
import { countOf } from '../core/plural';
import { isoDateSchema } from '../core/values';
import { DOCUMENTS_EXPIRING_DAYS } from '../beneficiaries/family';
import type { PermissionKey } from '../permissions';

/**
 * «مهامي» (my tasks): what is waiting for the signed-in employee, computed live from the records —
 * a task is gone as soon as the thing behind it is done. Each kind lists only what its key lets
 * the employee open; titles never name a medical service type or document kind to a reader who
 * may not see them. Decisions: docs/tasks.md.
 */

/** How far ahead a reassessment, a visit or a seminar counts as waiting (days, today included). */
export const TASK_DUE_DAYS = 7;

/**
 * How far ahead a family document's expiry counts as waiting (days): the families list's
 * «وثائق تنتهي قريبًا» horizon, so both say the same of a document.
 */
export const TASK_DOCUMENT_DAYS = DOCUMENTS_EXPIRING_DAYS;

/** At most this many tasks of each kind in the list (the count is always the whole). */
export const TASK_KIND_LIMIT = 100;

/**
 * The kinds, in the page's order: each with its group heading and the key the employee must hold
 * to get it (its record's page needs it).
 */
export const TASK_KINDS = [
  { code: 'service_approval', label: 'خدمات بانتظار الاعتماد', key: 'show_services' },
  { code: 'service_overdue', label: 'خدمات طلبتها تأخر تنفيذها', key: 'show_services' },
  { code: 'visit', label: 'زيارات ميدانية مستحقة', key: 'show_families' },
  { code: 'reassessment', label: 'أسر حان موعد إعادة تقييمها', key: 'show_families' },
  {
    code: 'document_expiry',
    label: `وثائق أسر انتهت صلاحيتها أو تنتهي خلال ${countOf(TASK_DOCUMENT_DAYS, 'day')}`,
    key: 'show_families',
  },
  {
    code: 'import_duplicates',
    label: 'استيرادات بانتظار البت في المكررات',
    key: 'import_families',
  },
  { code: 'seminar', label: 'ندوات قريبة تديرها', key: 'show_seminars' },
  {
    code: 'anonymisation_due',
    label: 'أسر مستحقة لتجهيل بياناتها',
    key: 'anonymise_families',
    // Its link is the privacy page, which takes these too.
    also: ['show_families', 'manage_personal_data'],
  },
] as const satisfies readonly {
  code: string;
  label: string;
  key: PermissionKey;
  /** Further keys the kind's page needs. */
  also?: readonly PermissionKey[];
}[];
export type TaskKind = (typeof TASK_KINDS)[number]['code'];
export const TASK_KIND_CODES = TASK_KINDS.map((kind) => kind.code);

export function taskKindLabel(code: TaskKind): string {
  return TASK_KINDS.find((kind) => kind.code === code)?.label ?? code;
}

/** The kinds an employee holding `permissions` may get: those whose record pages they may open. */
export function taskKindsFor(permissions: readonly string[]): TaskKind[] {
  return TASK_KINDS.filter(
    (kind) =>
      permissions.includes(kind.key) &&
      (!('also' in kind) || kind.also.every((key) => permissions.includes(key))),
  ).map((kind) => kind.code);
}

/** The identifier a task is about (a file number, an import's number), shown isolated. */
export const taskReferenceSchema = z.object({ label: z.string(), value: z.string() });

export const taskSchema = z.object({
  /** unique in the answer: the kind and the record's id */
  key: z.string(),
  kind: z.enum(TASK_KIND_CODES),
  /** Arabic, with no identifier in it (`reference` carries it) */
  title: z.string(),
  reference: taskReferenceSchema.nullable(),
  /** a site path: the record's page, where the action is */
  link: z.string().startsWith('/'),
  due_date: isoDateSchema,
  overdue: z.boolean(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskGroupSchema = z.object({
  kind: z.enum(TASK_KIND_CODES),
  label: z.string(),
  /** every task of the kind, even past `TASK_KIND_LIMIT` */
  count: z.number().int(),
  tasks: z.array(taskSchema),
});
export type TaskGroup = z.infer<typeof taskGroupSchema>;

export const myTasksSchema = z.object({
  total: z.number().int(),
  groups: z.array(taskGroupSchema),
});
export type MyTasks = z.infer<typeof myTasksSchema>;

/**
 * `GET /my/tasks?filter[kind]=visit,reassessment&sort=due_date&order=desc`: the groups of the
 * kinds asked (all by default), each sorted by due date (earliest first by default). Paging
 * parameters are accepted and ignored: each kind answers at most `TASK_KIND_LIMIT` tasks.
 */
export const taskListQuery = defineListQuery({
  sortable: ['due_date'],
  filters: { kind: codesFilter(TASK_KIND_CODES) },
});
export const taskListQuerySchema = taskListQuery.schema;
export type TaskListQuery = z.output<typeof taskListQuerySchema>;

export const myTasksResponseSchema = itemEnvelopeOf(myTasksSchema);
export const myTaskCountResponseSchema = itemEnvelopeOf(z.object({ total: z.number().int() }));

const signedIn = access.authenticated;

export const taskEndpoints = defineEndpoints('my-tasks', {
  list: {
    method: 'GET',
    path: '/my/tasks',
    query: taskListQuerySchema,
    response: myTasksResponseSchema,
    access: signedIn,
    summary: 'مهامي: ما ينتظر الموظف',
  },
  count: {
    method: 'GET',
    path: '/my/tasks/count',
    response: myTaskCountResponseSchema,
    access: signedIn,
    summary: 'عدد المهام المفتوحة للموظف',
  },
});
