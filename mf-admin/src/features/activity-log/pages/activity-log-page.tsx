import { useState } from 'react';
import {
  activityDateRangeError,
  activityLogEndpoints,
  activityLogListQuery,
  type ActivityLogEntry,
} from 'shared-contracts/admin';
import {
  Button,
  Card,
  EmptyState,
  ExportButton,
  ListPage,
  PageHeader,
  pageTitle,
  useListUrlState,
} from 'shared-ui';
import { useActivityLog, useEmployeeOptions } from '../api/activity-log-api';
import { ActivityDetailsDialog } from '../components/activity-details-dialog';
import { ActivityFilters } from '../components/activity-filters';
import { ACTIVITY_COLUMNS, activityDetailsColumn } from '../components/activity-columns';

const TITLE_DESCRIPTION = 'عمليات الدخول والخروج وكل تعديل على البيانات، الأحدث أولاً.';

/**
 * /activity-tracking (super admins only: the host guards the route and the API refuses anyone
 * else): every login, logout and change, newest first, searched and filtered by employee, action,
 * record type and id and dates, all kept in the URL, and exported as XLSX with those filters. A
 * row links to its record and its details show the changed fields old → new.
 */
export default function ActivityLogPage() {
  const list = useListUrlState(activityLogListQuery);
  const rangeError = activityDateRangeError(list.state);
  const log = useActivityLog(list.params, rangeError === undefined);
  const employeeOptions = useEmployeeOptions();
  const [selected, setSelected] = useState<ActivityLogEntry | null>(null);

  const filters = (
    <ActivityFilters
      values={list.state.filter}
      search={list.state.search ?? ''}
      onSearch={list.setSearch}
      employeeOptions={employeeOptions.data ?? []}
      employeesLoading={employeeOptions.isPending}
      employeesFailed={employeeOptions.isError}
      dateRangeError={rangeError}
      hasFilters={list.hasFilters}
      onChange={(name, value) => list.setFilter(name, value)}
      onClear={list.clearFilters}
    />
  );

  // A reversed date range would only be refused (422): say why instead of asking the API.
  if (rangeError)
    return (
      <>
        <PageHeader title={pageTitle('activity-tracking')} description={TITLE_DESCRIPTION} />
        <Card>
          {filters}
          <EmptyState icon="calendar" title="نطاق التاريخ غير صحيح" description={rangeError} />
        </Card>
      </>
    );

  return (
    <ListPage
      title={pageTitle('activity-tracking')}
      description={TITLE_DESCRIPTION}
      actions={
        <ExportButton
          endpoint={activityLogEndpoints.export}
          filePrefix="activity-log"
          params={list.params}
        />
      }
      filters={filters}
      list={list}
      // The log is always in time order (newest first): no column sorts it.
      sortable={[]}
      query={log}
      loadingLabel="جارٍ تحميل سجل النشاط..."
      empty={{
        title: 'لا يوجد نشاط مسجل بعد',
        description: 'ستظهر هنا عمليات الدخول والتعديل فور حدوثها.',
      }}
      caption="سجل نشاط الموظفين"
      rowKey="id"
      columns={[...ACTIVITY_COLUMNS, activityDetailsColumn(setSelected)]}
      emptyTitle="لا يوجد نشاط يطابق التصفية"
      emptyDescription={
        <Button size="sm" variant="secondary" onClick={list.clearFilters}>
          مسح التصفية
        </Button>
      }
    >
      {selected ? (
        <ActivityDetailsDialog entry={selected} onClose={() => setSelected(null)} />
      ) : null}
    </ListPage>
  );
}
