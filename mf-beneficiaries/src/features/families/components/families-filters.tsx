import { countOf } from 'shared-contracts';
import {
  DOCUMENTS_EXPIRING_DAYS,
  FAMILY_STATUSES,
  isMedicalCategory,
  maySeeMedicalFields,
  type FAMILY_SORTABLE,
  type familyListQuery,
  researcherOptions,
} from 'shared-contracts/beneficiaries';
import {
  CheckboxField,
  FilterSelects,
  ListFilterBar,
  SelectField,
  useCurrentEmployee,
  type ListUrlState,
} from 'shared-ui';
import { useLookups, useResearchers } from '../../../lib/lookups';

type FamiliesListState = ListUrlState<
  typeof familyListQuery.filters,
  (typeof FAMILY_SORTABLE)[number]
>;

/**
 * The families list's search box and filters; every change goes to the URL. Status and category
 * stay in the bar; the city, researcher and reassessment filters are behind «المزيد من عوامل
 * التصفية», so the list starts on the first screen at 1366×768.
 */
export function FamiliesFilters({ list }: { list: FamiliesListState }) {
  const { filter } = list.state;
  const lookups = useLookups();
  const researchers = useResearchers();
  // The medical categories only for who may see medical fields (the API refuses them to others).
  const { data: employee } = useCurrentEmployee();
  const categories =
    employee !== undefined && maySeeMedicalFields(employee)
      ? lookups.family_categories
      : lookups.family_categories.filter((category) => !isMedicalCategory(category.code));
  return (
    <ListFilterBar
      list={list}
      label="تصفية الأسر"
      searchPlaceholder="الاسم، رقم الملف، الهوية أو الجوال"
      moreActive={
        filter.city !== undefined ||
        filter.researcher_id !== undefined ||
        filter.reassessment_overdue !== undefined ||
        filter.missing_national_id !== undefined ||
        filter.documents_expiring !== undefined
      }
      more={
        <>
          <FilterSelects
            list={list}
            selects={[{ name: 'city', label: 'المدينة', all: 'كل المدن', items: lookups.cities }]}
          />
          <SelectField
            label="الباحث الاجتماعي"
            placeholder="كل الباحثين"
            options={researcherOptions(researchers.data ?? [])}
            value={filter.researcher_id ? String(filter.researcher_id) : ''}
            onChange={(event) =>
              list.setFilter(
                'researcher_id',
                event.target.value === '' ? undefined : Number(event.target.value),
              )
            }
          />
          <CheckboxField
            label="متأخرة عن إعادة التقييم"
            checked={filter.reassessment_overdue === true}
            onChange={(event) =>
              list.setFilter('reassessment_overdue', event.target.checked ? true : undefined)
            }
          />
          <CheckboxField
            label="بلا وثيقة هوية وطنية"
            checked={filter.missing_national_id === true}
            onChange={(event) =>
              list.setFilter('missing_national_id', event.target.checked ? true : undefined)
            }
          />
          <CheckboxField
            label="وثائق تنتهي قريبًا"
            hint={`خلال ${countOf(DOCUMENTS_EXPIRING_DAYS, 'day', { case: 'oblique' })}`}
            checked={filter.documents_expiring === true}
            onChange={(event) =>
              list.setFilter('documents_expiring', event.target.checked ? true : undefined)
            }
          />
        </>
      }
    >
      <FilterSelects
        list={list}
        selects={[
          { name: 'status', label: 'الحالة', all: 'كل الحالات', items: FAMILY_STATUSES },
          { name: 'category', label: 'الفئة', all: 'كل الفئات', items: categories },
        ]}
      />
    </ListFilterBar>
  );
}
