import {
  booleanFilter,
  defineListQuery,
  EMPLOYEE_SORT_FIELDS,
  type EmployeeListFilterParams,
  type EmployeeSortField,
  type ListState,
} from 'shared-contracts';

/**
 * The employees list's URL: `page`, `per_page`, `search`, `sort` (name | email | created_at),
 * `order` and `filter[active]`, read leniently (a bad value is dropped) by the contracts' codec.
 */
export const employeeListQuery = defineListQuery({
  sortable: EMPLOYEE_SORT_FIELDS,
  filters: { active: booleanFilter() },
});

export type EmployeeListState = ListState<typeof employeeListQuery.filters, EmployeeSortField>;

/** GET /employees parameters for a list state; without a sort the API's default (created_at) applies. */
export function toEmployeeListParams(state: EmployeeListState): EmployeeListFilterParams {
  const params: EmployeeListFilterParams = { page: state.page, per_page: state.per_page };
  if (state.search) params.search = state.search;
  if (state.sort) {
    params.sort = state.sort;
    params.order = state.order;
  }
  if (state.filter.active !== undefined)
    params['filter[active]'] = state.filter.active ? 'true' : 'false';
  return params;
}
