import {
  financeOptionEndpoints,
  financialCategoryEndpoints,
  financialRecordEndpoints,
  financialReportEndpoints,
  type FinancialCategoryFormValues,
} from 'shared-contracts/finance';
import { useEndpointCall, useInvalidateEndpoints } from 'shared-ui';

/** Adds (`id` null) or edits a category; then every category list and the records (their labels) refresh. */
export function useSaveFinancialCategory(id: number | null) {
  const call = useEndpointCall();
  const invalidate = useInvalidateEndpoints();
  return async (body: FinancialCategoryFormValues) => {
    const answer =
      id === null
        ? await call(financialCategoryEndpoints.create, { body })
        : await call(financialCategoryEndpoints.update, { params: { id }, body });
    await invalidate(
      financialCategoryEndpoints,
      financialRecordEndpoints,
      financeOptionEndpoints,
      financialReportEndpoints,
    );
    return answer;
  };
}
