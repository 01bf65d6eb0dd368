import { countOf } from 'shared-contracts';
import {
  TASK_KINDS,
  taskKindsFor,
  taskListQuery,
} from 'shared-contracts/resources/tasks-contracts';
import {
  EmptyState,
  FilterBar,
  PageHeader,
  QueryView,
  SelectField,
  codesFromSelect,
  firstCode,
  pageHeader,
  useCurrentEmployee,
  useListUrlState,
} from 'shared-ui';
import { useMyTasks } from '../api/tasks-api';
import { TaskGroupSection } from '../components/task-groups';

const ORDER_OPTIONS = [
  { value: 'asc', label: 'الأقرب موعداً أولاً' },
  { value: 'desc', label: 'الأبعد موعداً أولاً' },
];

/**
 * /tasks «مهامي»: what waits for the signed-in employee, grouped by kind, each task a link to the
 * record where it is done. The kind and the order are in the URL (`filter[kind]`, `order`).
 */
export default function TasksPage() {
  const list = useListUrlState(taskListQuery);
  const employee = useCurrentEmployee();
  const query = useMyTasks(list.params);
  const kind = firstCode(list.state.filter.kind);
  const kinds = taskKindsFor(employee.data?.permissions ?? []);
  const kindOptions = TASK_KINDS.filter((entry) => kinds.includes(entry.code)).map((entry) => ({
    value: entry.code,
    label: entry.label,
  }));

  return (
    <>
      <PageHeader {...pageHeader('tasks')} />
      <FilterBar
        label="تصفية المهام"
        onClear={list.hasFilters ? () => list.clearFilters() : undefined}
      >
        <SelectField
          label="نوع المهمة"
          placeholder="كل الأنواع"
          options={kindOptions}
          value={kind}
          onChange={(event) => list.setFilter('kind', codesFromSelect(event.target.value))}
        />
        <SelectField
          label="الترتيب حسب الموعد"
          options={ORDER_OPTIONS}
          value={list.state.order === 'desc' ? 'desc' : 'asc'}
          onChange={(event) =>
            list.setSort('due_date', event.target.value === 'desc' ? 'desc' : 'asc')
          }
        />
      </FilterBar>
      <QueryView query={query} loadingLabel="جارٍ تحميل المهام...">
        {(tasks) =>
          tasks.total === 0 ? (
            <EmptyState
              icon="check"
              title={kind === '' ? 'لا توجد مهام تنتظرك' : 'لا توجد مهام من هذا النوع'}
              description="ستظهر هنا الخدمات التي تنتظر اعتمادك، والزيارات وإعادة التقييم المستحقة، وغيرها."
            />
          ) : (
            <>
              <p role="status">المهام المفتوحة: {countOf(tasks.total, 'task')}</p>
              {tasks.groups.map((group) => (
                <TaskGroupSection key={group.kind} group={group} />
              ))}
            </>
          )
        }
      </QueryView>
    </>
  );
}
