import type { z } from 'zod';
import { SAUDI_CITIES } from 'shared-contracts/beneficiaries';
import { servicesReportQuerySchema, type ServicesReportQuery } from 'shared-contracts/reports';
import {
  serviceAxisEndpoints,
  serviceDepartmentEndpoints,
  serviceTypeEndpoints,
} from 'shared-contracts/services';
import { SelectField, useCanCall, useEndpointQuery } from 'shared-ui';
import { useSeasonOptions } from '../api/reports-api';
import { ReportFilterForm, type ReportQuery } from '../kit';

const ALL = { query: { per_page: '100' } } as const;

/**
 * The service catalogue to filter by: each list only when the employee may read it (otherwise
 * that filter is not offered; the address may still carry it).
 */
function useCatalogueOptions() {
  const canDepartments = useCanCall(serviceDepartmentEndpoints.list);
  const canAxes = useCanCall(serviceAxisEndpoints.list);
  const canTypes = useCanCall(serviceTypeEndpoints.list);
  const departments = useEndpointQuery(serviceDepartmentEndpoints.list, ALL, {
    enabled: canDepartments,
  });
  const axes = useEndpointQuery(serviceAxisEndpoints.list, ALL, { enabled: canAxes });
  const types = useEndpointQuery(serviceTypeEndpoints.list, ALL, { enabled: canTypes });
  const options = (rows: readonly { id: number; name: string }[] | undefined, allowed: boolean) =>
    allowed ? (rows ?? []).map((row) => ({ value: row.id, label: row.name })) : [];
  return {
    departments: options(departments.data?.data, canDepartments),
    axes: options(axes.data?.data, canAxes),
    types: canTypes ? (types.data?.data ?? []) : [],
  };
}

/**
 * The filters of both service reports: the period, the season, the department, the axis, the
 * service type (narrowed to the chosen department and axis) and the family's city.
 */
export function ServiceReportFilterForm<Q extends ReportQuery>({
  schema,
  query,
  onChange,
}: {
  schema: z.ZodType<Q>;
  query: Q;
  onChange: (query: Q) => void;
}) {
  const seasons = useSeasonOptions();
  const catalogue = useCatalogueOptions();
  return (
    <ReportFilterForm
      schema={schema}
      query={query}
      onChange={onChange}
      fields={({ draft, set }) => {
        const types = catalogue.types
          .filter(
            (type) =>
              (!draft.department_id || String(type.department.id) === draft.department_id) &&
              (!draft.axis_id || String(type.axis.id) === draft.axis_id),
          )
          .map((type) => ({ value: type.id, label: type.name }));
        return (
          <>
            {seasons.length > 0 ? (
              <SelectField
                label="البرنامج الموسمي"
                placeholder="كل البرامج"
                options={seasons}
                value={draft.season_id ?? ''}
                onChange={set('season_id')}
              />
            ) : null}
            {catalogue.departments.length > 0 ? (
              <SelectField
                label="القسم"
                placeholder="كل الأقسام"
                options={catalogue.departments}
                value={draft.department_id ?? ''}
                onChange={set('department_id', { service_type_id: '' })}
              />
            ) : null}
            {catalogue.axes.length > 0 ? (
              <SelectField
                label="المحور"
                placeholder="كل المحاور"
                options={catalogue.axes}
                value={draft.axis_id ?? ''}
                onChange={set('axis_id', { service_type_id: '' })}
              />
            ) : null}
            {catalogue.types.length > 0 ? (
              <SelectField
                label="نوع الخدمة"
                placeholder="كل الأنواع"
                options={types}
                value={draft.service_type_id ?? ''}
                onChange={set('service_type_id')}
              />
            ) : null}
            <SelectField
              label="المدينة"
              placeholder="كل المدن"
              options={SAUDI_CITIES.map((city) => ({ value: city.code, label: city.label }))}
              value={draft.city ?? ''}
              onChange={set('city')}
            />
          </>
        );
      }}
    />
  );
}

/** The services report's filters. */
export function ServicesFilters({
  query,
  onChange,
}: {
  query: ServicesReportQuery;
  onChange: (query: ServicesReportQuery) => void;
}) {
  return (
    <ServiceReportFilterForm schema={servicesReportQuerySchema} query={query} onChange={onChange} />
  );
}
