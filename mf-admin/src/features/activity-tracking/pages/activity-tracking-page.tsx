import { useMemo, useState } from 'react';
import type { ActivityLogEntry } from 'shared-contracts';
import {
  EmptyState,
  LOAD_ERROR_TITLE,
  PageHeader,
  QueryErrorState,
  useListUrlState,
} from 'shared-ui';
import { ListPagination, listEmptyText } from '../../../lib/components/list-results';
import { pageTitle } from '../../../utils/page-title';
import { activityLogQuery, dateRangeError, toActivityLogParams } from '../api/activity-log-query';
import { ActivityDetailsDialog } from '../components/activity-details-dialog';
import { ActivityFilters } from '../components/activity-filters';
import { ActivityTable } from '../components/activity-table';
import { useActivityLog } from '../hooks/use-activity-log';
import { useEmployeeOptions } from '../hooks/use-employee-options';

/**
 * /activity-tracking (super admins only: the host guards the route and the API refuses anyone
 * else): every login, logout and change, newest first, filtered by employee, action, record type
 * and dates, all kept in the URL. A row's details show the changed fields old → new.
 */
export default function ActivityTrackingPage() {
  const list = useListUrlState(activityLogQuery);
  const params = useMemo(() => toActivityLogParams(list.state), [list.state]);
  const rangeError = dateRangeError(list.state);
  const log = useActivityLog(params, rangeError === undefined);
  const employeeOptions = useEmployeeOptions();
  const [selected, setSelected] = useState<ActivityLogEntry | null>(null);

  const renderContent = () => {
    if (rangeError)
      return <EmptyState icon="calendar" title="نطاق التاريخ غير صحيح" description={rangeError} />;
    if (log.isError)
      return (
        <QueryErrorState
          title={LOAD_ERROR_TITLE}
          error={log.error}
          onRetry={() => void log.refetch()}
        />
      );
    const page = log.data;
    if (page && page.meta.total === 0 && !list.hasFilters)
      return (
        <EmptyState
          title="لا يوجد نشاط مسجل بعد"
          description="ستظهر هنا عمليات الدخول والتعديل فور حدوثها."
        />
      );
    return (
      <>
        <ActivityTable
          rows={page?.data ?? []}
          loading={log.isFetching}
          {...listEmptyText(page, list, {
            title: 'لا يوجد نشاط يطابق التصفية',
            clearLabel: 'مسح التصفية',
          })}
          onShowDetails={setSelected}
        />
        <ListPagination meta={page?.meta} onPageChange={list.setPage} />
      </>
    );
  };

  return (
    <>
      <PageHeader
        title={pageTitle('activity-tracking')}
        description="عمليات الدخول والخروج وكل تعديل على البيانات، الأحدث أولاً."
      />
      <ActivityFilters
        values={list.state.filter}
        employeeOptions={employeeOptions.data ?? []}
        employeesLoading={employeeOptions.isPending}
        employeesFailed={employeeOptions.isError}
        dateRangeError={rangeError}
        hasFilters={list.hasFilters}
        onChange={(name, value) => list.setFilter(name, value)}
        onClear={list.clearFilters}
      />
      {renderContent()}
      {selected ? (
        <ActivityDetailsDialog entry={selected} onClose={() => setSelected(null)} />
      ) : null}
    </>
  );
}
