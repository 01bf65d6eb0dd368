import {
  FAMILY_STATUSES,
  type FAMILY_SORTABLE,
  type FamilyStatus,
  type familyListQuery,
} from 'shared-contracts';
import {
  CheckboxField,
  FilterBar,
  PageSizeField,
  SearchField,
  SelectField,
  codesFromSelect,
  firstCode,
  type ListUrlState,
} from 'shared-ui';
import { optionsOf, useLookups } from '../../../lib/lookups';
import { useResearchers } from '../hooks/use-researchers';

type FamiliesListState = ListUrlState<
  typeof familyListQuery.filters,
  (typeof FAMILY_SORTABLE)[number]
>;

/** The families list's search box and filters; every change goes to the URL. */
export function FamiliesFilters({ list }: { list: FamiliesListState }) {
  const { filter } = list.state;
  const lookups = useLookups();
  const researchers = useResearchers();
  return (
    <FilterBar label="تصفية الأسر" onClear={list.hasFilters ? list.clearFilters : undefined}>
      <SearchField
        label="بحث"
        placeholder="الاسم، رقم الملف، الهوية أو الجوال"
        value={list.state.search ?? ''}
        onSearch={list.setSearch}
      />
      <SelectField
        label="الحالة"
        placeholder="كل الحالات"
        options={optionsOf(FAMILY_STATUSES)}
        value={firstCode(filter.status)}
        onChange={(event) =>
          list.setFilter('status', codesFromSelect<FamilyStatus>(event.target.value))
        }
      />
      <SelectField
        label="الفئة"
        placeholder="كل الفئات"
        options={optionsOf(lookups.family_categories)}
        value={firstCode(filter.category)}
        onChange={(event) => list.setFilter('category', codesFromSelect(event.target.value))}
      />
      <SelectField
        label="المدينة"
        placeholder="كل المدن"
        options={optionsOf(lookups.cities)}
        value={firstCode(filter.city)}
        onChange={(event) => list.setFilter('city', codesFromSelect(event.target.value))}
      />
      <SelectField
        label="الباحث الاجتماعي"
        placeholder="كل الباحثين"
        options={(researchers.data ?? []).map((researcher) => ({
          value: String(researcher.id),
          label: researcher.name,
        }))}
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
      <PageSizeField value={list.state.per_page} onChange={list.setPerPage} />
    </FilterBar>
  );
}
