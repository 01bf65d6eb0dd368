import type { z } from 'zod';
import { servicesReportQuerySchema, type ServicesReportQuery } from 'shared-contracts/reports';
import {
  serviceAxisEndpoints,
  serviceDepartmentEndpoints,
  serviceTypeEndpoints,
} from 'shared-contracts/services';
import { useCanCall, useEndpointQuery } from 'shared-ui';
import {
  CITY_OPTIONS,
  DraftSelect,
  ReportFilterForm,
  SeasonSelect,
  type ReportFiltersProps,
  type ReportQuery,
} from '../kit';

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
}: ReportFiltersProps<Q> & { schema: z.ZodType<Q> }) {
  const catalogue = useCatalogueOptions();
  return (
    <ReportFilterForm
      schema={schema}
      query={query}
      onChange={onChange}
      fields={(form) => {
        const { department_id: departmentId, axis_id: axisId } = form.draft;
        const types = catalogue.types
          .filter(
            (type) =>
              (!departmentId || String(type.department.id) === departmentId) &&
              (!axisId || String(type.axis.id) === axisId),
          )
          .map((type) => ({ value: type.id, label: type.name }));
        return (
          <>
            <SeasonSelect form={form} />
            {catalogue.departments.length > 0 ? (
              <DraftSelect
                form={form}
                field="department_id"
                also={{ service_type_id: '' }}
                label="القسم"
                placeholder="كل الأقسام"
                options={catalogue.departments}
              />
            ) : null}
            {catalogue.axes.length > 0 ? (
              <DraftSelect
                form={form}
                field="axis_id"
                also={{ service_type_id: '' }}
                label="المحور"
                placeholder="كل المحاور"
                options={catalogue.axes}
              />
            ) : null}
            {catalogue.types.length > 0 ? (
              <DraftSelect
                form={form}
                field="service_type_id"
                label="نوع الخدمة"
                placeholder="كل الأنواع"
                options={types}
              />
            ) : null}
            <DraftSelect
              form={form}
              field="city"
              label="المدينة"
              placeholder="كل المدن"
              options={CITY_OPTIONS}
            />
          </>
        );
      }}
    />
  );
}

/** The services report's filters. */
export function ServicesFilters(props: ReportFiltersProps<ServicesReportQuery>) {
  return <ServiceReportFilterForm schema={servicesReportQuerySchema} {...props} />;
}
