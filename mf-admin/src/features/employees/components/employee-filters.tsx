import { EMPLOYEE_ROLES } from 'shared-contracts/admin';
import { FilterBar, SearchField, SelectField, type SelectOption } from 'shared-ui';

const STATUS_OPTIONS = [
  { value: 'true', label: 'المفعلون' },
  { value: 'false', label: 'الموقوفون' },
];

const ROLE_OPTIONS: SelectOption[] = EMPLOYEE_ROLES.map((role) => ({
  value: role.code,
  label: role.label,
}));

export interface EmployeeFiltersProps {
  search: string;
  active: boolean | undefined;
  groupId: number | undefined;
  role: string | undefined;
  groupOptions: readonly SelectOption[];
  onSearch: (search: string) => void;
  onActiveChange: (active: boolean | undefined) => void;
  onGroupChange: (groupId: number | undefined) => void;
  onRoleChange: (role: string | undefined) => void;
}

/** Search (name or email, debounced) and the group, role and active filters. */
export function EmployeeFilters({
  search,
  active,
  groupId,
  role,
  groupOptions,
  onSearch,
  onActiveChange,
  onGroupChange,
  onRoleChange,
}: EmployeeFiltersProps) {
  // A value from a shared link that the options do not know still shows as selected.
  const groups =
    groupId !== undefined && !groupOptions.some((option) => option.value === groupId)
      ? [...groupOptions, { value: groupId, label: `مجموعة رقم ${groupId}` }]
      : groupOptions;
  const roles =
    role && !ROLE_OPTIONS.some((option) => option.value === role)
      ? [...ROLE_OPTIONS, { value: role, label: role }]
      : ROLE_OPTIONS;
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
      <SelectField
        label="مجموعة الصلاحيات"
        placeholder="كل المجموعات"
        options={groups}
        value={groupId === undefined ? '' : String(groupId)}
        onChange={(event) =>
          onGroupChange(event.target.value === '' ? undefined : Number(event.target.value))
        }
      />
      <SelectField
        label="الدور"
        placeholder="كل الأدوار"
        options={roles}
        value={role ?? ''}
        onChange={(event) =>
          onRoleChange(event.target.value === '' ? undefined : event.target.value)
        }
      />
    </FilterBar>
  );
}
