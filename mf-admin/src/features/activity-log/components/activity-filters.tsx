import { ACTIVITY_ACTION_LABELS, ACTIVITY_ENTITY_LABELS } from 'shared-contracts/admin';
import { isoDateSchema } from 'shared-contracts';
import { DateField, FilterBar, SearchField, SelectField, type SelectOption } from 'shared-ui';

export interface ActivityFilterValues {
  employee_id?: number | undefined;
  action?: string | undefined;
  entity_type?: string | undefined;
  entity_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface ActivityFiltersProps {
  values: ActivityFilterValues;
  /** The search (record label, employee name, record id). */
  search: string;
  onSearch: (search: string) => void;
  employeeOptions: readonly SelectOption[];
  employeesLoading: boolean;
  employeesFailed: boolean;
  dateRangeError?: string;
  hasFilters: boolean;
  onChange: <K extends keyof ActivityFilterValues>(name: K, value: ActivityFilterValues[K]) => void;
  onClear: () => void;
}

/** Only a whole date filters the log: a date being typed (or mistyped) filters nothing yet. */
function isoDateOrUndefined(value: string): string | undefined {
  return isoDateSchema.safeParse(value).success ? value : undefined;
}

function labelledOptions(
  labels: Record<string, string>,
  current: string | undefined,
): SelectOption[] {
  const options = Object.entries(labels).map(([value, label]) => ({ value, label }));
  // A value from a shared link that the labels do not know still shows as selected.
  if (current && !(current in labels)) options.push({ value: current, label: current });
  return options;
}

/** Search, employee, action, record type and id, and a date range; every change lands in the URL. */
export function ActivityFilters({
  values,
  search,
  onSearch,
  employeeOptions,
  employeesLoading,
  employeesFailed,
  dateRangeError,
  hasFilters,
  onChange,
  onClear,
}: ActivityFiltersProps) {
  const employeeId = values.employee_id;
  const employees =
    employeeId !== undefined && !employeeOptions.some((option) => option.value === employeeId)
      ? [...employeeOptions, { value: employeeId, label: `موظف رقم ${employeeId}` }]
      : employeeOptions;

  return (
    <FilterBar label="تصفية سجل النشاط" onClear={hasFilters ? onClear : undefined}>
      <SearchField
        label="بحث في السجل"
        placeholder="اسم السجل أو الموظف أو الرقم"
        value={search}
        onSearch={onSearch}
      />
      <SelectField
        label="الموظف"
        placeholder="جميع الموظفين"
        options={employees}
        value={employeeId === undefined ? '' : String(employeeId)}
        hint={employeesLoading ? 'جارٍ تحميل الموظفين...' : undefined}
        error={employeesFailed ? 'تعذر تحميل قائمة الموظفين' : undefined}
        onChange={(event) =>
          onChange(
            'employee_id',
            event.target.value === '' ? undefined : Number(event.target.value),
          )
        }
      />
      <SelectField
        label="الإجراء"
        placeholder="جميع الإجراءات"
        options={labelledOptions(ACTIVITY_ACTION_LABELS, values.action)}
        value={values.action ?? ''}
        onChange={(event) => onChange('action', event.target.value || undefined)}
      />
      <SelectField
        label="نوع السجل"
        placeholder="جميع الأنواع"
        options={labelledOptions(ACTIVITY_ENTITY_LABELS, values.entity_type)}
        value={values.entity_type ?? ''}
        onChange={(event) => onChange('entity_type', event.target.value || undefined)}
      />
      <SearchField
        label="رقم السجل"
        placeholder="مثال: 15"
        value={values.entity_id ?? ''}
        onSearch={(value) => onChange('entity_id', value.trim() === '' ? undefined : value.trim())}
      />
      <DateField
        label="من تاريخ"
        value={values.from ?? ''}
        max={values.to}
        showHijri={false}
        allowHijri={false}
        onChange={(event) => onChange('from', isoDateOrUndefined(event.target.value))}
      />
      <DateField
        label="إلى تاريخ"
        value={values.to ?? ''}
        min={values.from}
        showHijri={false}
        allowHijri={false}
        error={dateRangeError}
        onChange={(event) => onChange('to', isoDateOrUndefined(event.target.value))}
      />
    </FilterBar>
  );
}
