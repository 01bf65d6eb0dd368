import {
  financeDirectionLabel,
  financialCategoryEndpoints,
  financialCategoryListQuery,
  type FinanceDirection,
  type FinancialCategory,
  type FinancialCategoryRef,
} from 'shared-contracts/finance';
import { useEndpointQuery, type SelectOption } from 'shared-ui';

/** The whole category list in one answer (the API allows up to 200 per page). */
const ALL_CATEGORIES = financialCategoryListQuery.toParams({ per_page: 200 });

/**
 * Every financial category (active or not), for the form's select, the list's filter and the
 * categories page's counts. Under the `financial-categories` resource key, so an edit refreshes it.
 */
export function useFinancialCategories() {
  return useEndpointQuery(
    financialCategoryEndpoints.list,
    { query: ALL_CATEGORIES },
    { select: (answer) => answer.data, staleTime: 60 * 1000 },
  );
}

/**
 * The categories a record of `direction` may be filed under: the active ones of that direction,
 * plus the one the record already holds (deactivated since), so the select still shows it.
 */
export function categoryOptions(
  categories: readonly FinancialCategory[] | undefined,
  direction: FinanceDirection | '' | undefined,
  current?: FinancialCategoryRef | null,
): SelectOption[] {
  const all = direction === undefined || direction === '';
  const offered: FinancialCategoryRef[] = (categories ?? []).filter(
    (category) =>
      (all || category.direction === direction) && (category.active || category.id === current?.id),
  );
  if (current && !offered.some((category) => category.id === current.id)) offered.unshift(current);
  return offered.map((category) => ({
    value: category.id,
    label: all ? `${category.name} (${financeDirectionLabel(category.direction)})` : category.name,
  }));
}
