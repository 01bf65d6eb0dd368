import { FAMILY_STATUSES, type FamilyListQuery, type FamilyStatus } from 'shared-contracts';
import { Button, CheckboxField, SelectField } from 'shared-ui';
import { FilterBar } from '../../../lib/components/layout';
import { ListSearchField } from '../../../lib/components/list-search-field';
import { PageSizeField } from '../../../lib/components/list-toolbar';
import { codesFromSelect, firstCode } from '../../../lib/list-url-state';
import { optionsOf, useLookups } from '../../../lib/lookups';
import { useResearchers } from '../hooks/use-researchers';

export type FamilyFilterValues = FamilyListQuery['filter'];

/** The families list's search box and filters; every change goes to the URL. */
export function FamiliesFilters({
  search,
  filter,
  perPage,
  hasFilters,
  onSearch,
  onFilter,
  onPerPage,
  onClear,
}: {
  search: string;
  filter: FamilyFilterValues;
  perPage: number;
  hasFilters: boolean;
  onSearch: (search: string) => void;
  onFilter: <K extends keyof FamilyFilterValues>(name: K, value: FamilyFilterValues[K]) => void;
  onPerPage: (perPage: number) => void;
  onClear: () => void;
}) {
  const lookups = useLookups();
  const researchers = useResearchers();
  return (
    <FilterBar role="search" aria-label="تصفية الأسر">
      <ListSearchField
        label="بحث"
        placeholder="الاسم، رقم الملف، الهوية أو الجوال"
        value={search}
        onSearch={onSearch}
      />
      <SelectField
        label="الحالة"
        placeholder="كل الحالات"
        options={optionsOf(FAMILY_STATUSES)}
        value={firstCode(filter.status)}
        onChange={(event) => onFilter('status', codesFromSelect<FamilyStatus>(event.target.value))}
      />
      <SelectField
        label="الفئة"
        placeholder="كل الفئات"
        options={optionsOf(lookups.family_categories)}
        value={firstCode(filter.category)}
        onChange={(event) => onFilter('category', codesFromSelect(event.target.value))}
      />
      <SelectField
        label="المدينة"
        placeholder="كل المدن"
        options={optionsOf(lookups.cities)}
        value={firstCode(filter.city)}
        onChange={(event) => onFilter('city', codesFromSelect(event.target.value))}
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
          onFilter(
            'researcher_id',
            event.target.value === '' ? undefined : Number(event.target.value),
          )
        }
      />
      <CheckboxField
        label="متأخرة عن إعادة التقييم"
        checked={filter.reassessment_overdue === true}
        onChange={(event) =>
          onFilter('reassessment_overdue', event.target.checked ? true : undefined)
        }
      />
      <PageSizeField value={perPage} onChange={onPerPage} />
      {hasFilters ? (
        <Button variant="ghost" icon="close" onClick={onClear}>
          مسح التصفية
        </Button>
      ) : null}
    </FilterBar>
  );
}
