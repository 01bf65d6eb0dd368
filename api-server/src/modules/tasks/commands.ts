import { FAMILY_DOCUMENTS_ANCHOR, countOf, pathTo, type FieldReader } from 'shared-contracts';
import { maySeeMedicalFields, maySeeMedicalServices } from 'shared-contracts/beneficiaries';
import {
  DOCUMENT_KINDS,
  DOCUMENT_KIND_LABELS,
} from 'shared-contracts/resources/documents-contracts';
import { visitPurposeLabel } from 'shared-contracts/resources/visits-contracts';
import {
  TASK_KINDS,
  TASK_KIND_LIMIT,
  taskKindsFor,
  type MyTasks,
  type Task,
  type TaskKind,
  type TaskListQuery,
} from 'shared-contracts/resources/tasks-contracts';
import type { Executor } from '../../db/tables';
import { countDueFamilies } from '../privacy';
import {
  countTasks,
  listTasks,
  type RowTaskKind,
  type TaskOrder,
  type TaskRow,
  type TaskScope,
} from './repository';

/**
 * The employee's tasks: the kinds their keys let them open (`taskKindsFor`), each read live. A
 * task's title is Arabic and holds no identifier (its `reference` does); a medical service type
 * is named only to a reader who may see medical services.
 */

export interface TaskReader extends FieldReader {
  readonly id: number;
}

const FILE_NUMBER = 'رقم الملف';

function serviceName(row: TaskRow, reader: TaskReader): string {
  if (row.name === null || (row.medical && !maySeeMedicalServices(reader))) return 'خدمة';
  return `خدمة «${row.name}»`;
}

function fileReference(row: TaskRow): Task['reference'] {
  return row.reference === null ? null : { label: FILE_NUMBER, value: row.reference };
}

/** A family document's kind as its label (the row's `code`); «وثيقة» for one not known. */
function documentKindName(code: string | null): string {
  const kind = DOCUMENT_KINDS.find((entry) => entry === code);
  return kind ? DOCUMENT_KIND_LABELS[kind] : 'وثيقة';
}

/** «أسرة فلان», or «الأسرة» when the head's name is not recorded. */
function familyName(row: TaskRow): string {
  return row.name ? `أسرة ${row.name}` : 'الأسرة';
}

/** A row of `kind` as the answer's task: its title, the identifier beside it, its page. */
export function toTask(kind: RowTaskKind, row: TaskRow, reader: TaskReader): Task {
  const common = { key: `${kind}-${row.id}`, kind, due_date: row.due_date, overdue: row.overdue };
  switch (kind) {
    case 'service_approval':
      return {
        ...common,
        title: `اعتماد ${serviceName(row, reader)}`,
        reference: fileReference(row),
        link: pathTo('services.show', { id: row.id }),
      };
    case 'service_overdue':
      return {
        ...common,
        title: `متابعة ${serviceName(row, reader)} تأخر تنفيذها`,
        reference: fileReference(row),
        link: pathTo('services.show', { id: row.id }),
      };
    case 'visit':
      return {
        ...common,
        title: `زيارة ميدانية: ${visitPurposeLabel(row.code ?? '')}`,
        reference: fileReference(row),
        link: pathTo('families.show', { id: row.family_id ?? 0 }),
      };
    case 'reassessment':
      return {
        ...common,
        title: 'إعادة تقييم الأسرة',
        reference: fileReference(row),
        link: pathTo('families.show', { id: row.id }),
      };
    case 'document_expiry':
      return {
        ...common,
        // Only kinds the reader may see reach here: the query leaves out the medical ones.
        title: row.overdue
          ? `وثيقة «${documentKindName(row.code)}» منتهية الصلاحية في ملف ${familyName(row)}`
          : `وثيقة «${documentKindName(row.code)}» تنتهي صلاحيتها قريبًا في ملف ${familyName(row)}`,
        reference: fileReference(row),
        link: `${pathTo('families.show', { id: row.family_id ?? 0 })}#${FAMILY_DOCUMENTS_ANCHOR}`,
      };
    case 'import_duplicates':
      return {
        ...common,
        title: 'البت في الصفوف المكررة من استيراد الأسر',
        reference: row.reference === null ? null : { label: 'رقم الاستيراد', value: row.reference },
        link: pathTo('families.import.show', { id: row.id }),
      };
    case 'seminar':
      return {
        ...common,
        title: `ندوة «${row.name ?? ''}»`,
        reference: null,
        link: pathTo('seminars.show', { id: row.id }),
      };
  }
}

/**
 * The officer's one task about the families due for anonymisation (docs/tasks.md): how many,
 * through the plural helper, linking to the privacy page where they are listed. Due today,
 * never late: the retention period is the deadline, and it has passed for each of them.
 */
function anonymisationTask(due: number, today: string): Task {
  return {
    key: 'anonymisation_due',
    kind: 'anonymisation_due',
    title: `حان تجهيل بيانات ${countOf(due, 'family', { case: 'oblique' })} بحسب مدة الاحتفاظ`,
    reference: null,
    link: pathTo('privacy'),
    due_date: today,
    overdue: false,
  };
}

/** A kind's count and first tasks (at most `limit`). */
async function kindTasks(
  db: Executor,
  kind: TaskKind,
  scope: TaskScope,
  reader: TaskReader,
  order: TaskOrder,
  limit: number,
): Promise<{ count: number; tasks: Task[] }> {
  if (kind === 'anonymisation_due') {
    const due = await countDueFamilies(db);
    return due === 0
      ? { count: 0, tasks: [] }
      : { count: 1, tasks: limit > 0 ? [anonymisationTask(due, scope.today)] : [] };
  }
  const [count, rows] = await Promise.all([
    countTasks(db, kind, scope),
    limit > 0 ? listTasks(db, kind, scope, order, limit) : Promise.resolve([]),
  ]);
  return { count, tasks: rows.map((row) => toTask(kind, row, reader)) };
}

function scopeOf(reader: TaskReader, today: string): TaskScope {
  return { employeeId: reader.id, today, medicalDocuments: maySeeMedicalFields(reader) };
}

/** The number of open tasks: one count per kind the reader may get. */
export async function myTaskCount(
  db: Executor,
  reader: TaskReader,
  today: string,
): Promise<number> {
  const scope = scopeOf(reader, today);
  const counts = await Promise.all(
    taskKindsFor(reader.permissions).map(async (kind) =>
      kind === 'anonymisation_due'
        ? (await kindTasks(db, kind, scope, reader, 'asc', 0)).count
        : countTasks(db, kind, scope),
    ),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}

/** The reader's tasks grouped by kind (the kinds asked, in `TASK_KINDS` order), empty groups left out. */
export async function myTasks(
  db: Executor,
  reader: TaskReader,
  query: Pick<TaskListQuery, 'filter' | 'order'>,
  today: string,
): Promise<MyTasks> {
  const scope = scopeOf(reader, today);
  const asked = query.filter.kind ?? [];
  const kinds = taskKindsFor(reader.permissions).filter(
    (kind) => asked.length === 0 || asked.includes(kind),
  );
  const order = query.order === 'desc' ? 'desc' : 'asc';
  const groups = await Promise.all(
    kinds.map(async (kind) => {
      const { count, tasks } = await kindTasks(db, kind, scope, reader, order, TASK_KIND_LIMIT);
      const label = TASK_KINDS.find((entry) => entry.code === kind)?.label ?? kind;
      return { kind, label, count, tasks };
    }),
  );
  const shown = groups.filter((group) => group.count > 0);
  return { total: shown.reduce((sum, group) => sum + group.count, 0), groups: shown };
}
