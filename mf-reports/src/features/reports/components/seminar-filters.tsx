import { seminarTypeEndpoints } from 'shared-contracts/engagement';
import { seminarReportQuerySchema, type SeminarReportQuery } from 'shared-contracts/reports';
import { serviceAxisEndpoints } from 'shared-contracts/services';
import { useCanCall, useEndpointQuery } from 'shared-ui';
import { DraftSelect, ReportFilterForm, type ReportFiltersProps } from '../kit';

/** The seminar types and axes to filter by, each when the employee may list it. */
function useSeminarOptions() {
  const typesAllowed = useCanCall(seminarTypeEndpoints.list);
  const axesAllowed = useCanCall(serviceAxisEndpoints.list);
  const types = useEndpointQuery(
    seminarTypeEndpoints.list,
    { query: { per_page: '100', sort: 'name' } },
    { enabled: typesAllowed },
  );
  const axes = useEndpointQuery(
    serviceAxisEndpoints.list,
    { query: { per_page: '100', sort: 'name' } },
    { enabled: axesAllowed },
  );
  return {
    types: typesAllowed
      ? (types.data?.data ?? []).map((type) => ({ value: type.id, label: type.name }))
      : [],
    axes: axesAllowed
      ? (axes.data?.data ?? []).map((axis) => ({ value: axis.id, label: axis.name }))
      : [],
  };
}

/** The seminar report's filters: the period, the seminar type and the axis. */
export function SeminarFilters({ query, onChange }: ReportFiltersProps<SeminarReportQuery>) {
  const { types, axes } = useSeminarOptions();
  return (
    <ReportFilterForm
      schema={seminarReportQuerySchema}
      query={query}
      onChange={onChange}
      fields={(form) => (
        <>
          {types.length > 0 ? (
            <DraftSelect
              form={form}
              field="seminar_type_id"
              label="نوع الندوة"
              placeholder="كل الأنواع"
              options={types}
            />
          ) : null}
          {axes.length > 0 ? (
            <DraftSelect
              form={form}
              field="axis_id"
              label="المحور"
              placeholder="كل المحاور"
              options={axes}
            />
          ) : null}
        </>
      )}
    />
  );
}
