import { NOUNS } from '../core/plural';
import { defineResource } from '../core/resource';

/** What a task names, as the page and the bell say it. */
const TASK_FIELDS = {
  kind: 'نوع المهمة',
  title: 'المهمة',
  due_date: 'موعد الاستحقاق',
  overdue: 'متأخرة',
} as const;

/**
 * «مهامي» (my tasks): what is waiting for the signed-in employee, computed live from the records
 * (services to approve, visits and reassessments due, imports to adjudicate, seminars soon…).
 * Every signed-in employee has the page and the bell: it needs no key of its own, and lists only
 * what the employee may open. It writes nothing, so it logs no activity. Its schemas and
 * endpoints: `./tasks-contracts.ts`; its decisions: docs/tasks.md.
 */
export const tasksResource = defineResource({
  name: 'tasks',
  order: 5,
  noun: NOUNS.task,
  owner: 'mf-admin',
  permissions: { section: 'مهامي', keys: {} },
  routes: [
    {
      pageId: 'tasks',
      path: '/tasks',
      permissions: [],
      owner: 'mf-admin',
      title: 'مهامي',
      header: { description: 'ما ينتظرك الآن. تختفي المهمة بمجرد إنجاز ما وراءها.' },
      sidebar: { label: 'مهامي', icon: 'tasks', order: 5 },
    },
  ],
  pages: 'listed',
  activity: {},
  fields: TASK_FIELDS,
});
