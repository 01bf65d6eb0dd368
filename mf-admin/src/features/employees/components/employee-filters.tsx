import { FilterBar, SearchField, SelectField } from 'shared-ui';

const STATUS_OPTIONS = [
  { value: 'true', label: 'المفعلون' },
  { value: 'false', label: 'الموقوفون' },
];

export interface EmployeeFiltersProps {
  search: string;
  active: boolean | undefined;
  onSearch: (search: string) => void;
  onActiveChange: (active: boolean | undefined) => void;
}

/** Search (name or email, debounced) and the active / inactive filter. */
export function EmployeeFilters({
  search,
  active,
  onSearch,
  onActiveChange,
}: EmployeeFiltersProps) {
  return (
    <FilterBar label="تصفية الموظفين">
      <SearchField
        label="بحث بالاسم أو البريد الإلكتروني"
        placeholder="اكتب للبحث..."
        value={search}
        onSearch={onSearch}
      />
      <SelectField
        label="الحالة"
        placeholder="الكل"
        options={STATUS_OPTIONS}
        value={active === undefined ? '' : String(active)}
        onChange={(event) =>
          onActiveChange(event.target.value === '' ? undefined : event.target.value === 'true')
        }
      />
    </FilterBar>
  );
}
