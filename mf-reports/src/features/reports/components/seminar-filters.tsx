import { seminarTypeEndpoints } from 'shared-contracts/engagement';
import { seminarReportQuerySchema, type SeminarReportQuery } from 'shared-contracts/reports';
import { serviceAxisEndpoints } from 'shared-contracts/services';
import { SelectField, useCanCall, useEndpointQuery } from 'shared-ui';
import { ReportFilterForm } from '../kit';

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
export function SeminarFilters({
  query,
  onChange,
}: {
  query: SeminarReportQuery;
  onChange: (query: SeminarReportQuery) => void;
}) {
  const { types, axes } = useSeminarOptions();
  return (
    <ReportFilterForm
      schema={seminarReportQuerySchema}
      query={query}
      onChange={onChange}
      fields={({ draft, set }) => (
        <>
          {types.length > 0 ? (
            <SelectField
              label="نوع الندوة"
              placeholder="كل الأنواع"
              options={types}
              value={draft.seminar_type_id ?? ''}
              onChange={set('seminar_type_id')}
            />
          ) : null}
          {axes.length > 0 ? (
            <SelectField
              label="المحور"
              placeholder="كل المحاور"
              options={axes}
              value={draft.axis_id ?? ''}
              onChange={set('axis_id')}
            />
          ) : null}
        </>
      )}
    />
  );
}
