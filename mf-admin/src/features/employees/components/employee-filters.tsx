import { SelectField } from 'shared-ui';
import { SearchField } from '../../../lib/components/search-field';
import { Toolbar } from '../../../lib/components/list-layout';

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
    <Toolbar role="search" aria-label="تصفية الموظفين">
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
    </Toolbar>
  );
}
