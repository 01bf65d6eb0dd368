import {
  FAMILY_CATEGORIES,
  isMedicalCategory,
  maySeeMedicalFields,
} from 'shared-contracts/beneficiaries';
import { familyNeedsQuerySchema, type FamilyNeedsQuery } from 'shared-contracts/reports';
import { useCurrentEmployee } from 'shared-ui';
import {
  CityDistrictSelects,
  DraftSelect,
  ReportFilterForm,
  SeasonSelect,
  type ReportFiltersProps,
} from '../kit';

const CATEGORY_OPTIONS = FAMILY_CATEGORIES.map((category) => ({
  value: category.code,
  label: category.label,
}));

/**
 * The family-needs filters: the period, the season (offered when the employee may list
 * seasons), the city and its district, the family category.
 */
export function FamilyNeedsFilters({ query, onChange }: ReportFiltersProps<FamilyNeedsQuery>) {
  // The medical categories only for who may see medical fields (the API refuses them to others).
  const { data: employee } = useCurrentEmployee();
  const medical = employee !== undefined && maySeeMedicalFields(employee);
  const categories = medical
    ? CATEGORY_OPTIONS
    : CATEGORY_OPTIONS.filter((option) => !isMedicalCategory(option.value));
  return (
    <ReportFilterForm
      schema={familyNeedsQuerySchema}
      query={query}
      onChange={onChange}
      fields={(form) => (
        <>
          <SeasonSelect form={form} />
          <CityDistrictSelects form={form} />
          <DraftSelect
            form={form}
            field="category"
            label="فئة الأسرة"
            placeholder="كل الفئات"
            options={categories}
          />
        </>
      )}
    />
  );
}
