import { useState } from 'react';
import {
  GENDERS,
  RELATIONSHIPS,
  maySeeMedicalFields,
  type FAMILY_MEMBER_SORTABLE,
  type familyMemberListQuery,
} from 'shared-contracts/beneficiaries';
import {
  FilterSelects,
  ListFilterBar,
  NumberField,
  useCurrentEmployee,
  useDebouncedCallback,
  type ListUrlState,
} from 'shared-ui';
import { useLookups } from '../../../lib/lookups';

type MembersListState = ListUrlState<
  typeof familyMemberListQuery.filters,
  (typeof FAMILY_MEMBER_SORTABLE)[number]
>;

/** An age bound typed freely; the URL follows once typing pauses. */
function AgeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | undefined;
  onChange: (age: number | undefined) => void;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const debounced = useDebouncedCallback((typed: string) => {
    const age = typed.trim() === '' ? undefined : Number(typed);
    if (age === undefined || (Number.isInteger(age) && age >= 0 && age <= 150)) onChange(age);
  }, 400);
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setText(value === undefined ? '' : String(value));
  }
  return (
    <NumberField
      label={label}
      inputMode="numeric"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        debounced.run(event.target.value);
      }}
    />
  );
}

/** The members list's search box and filters; every change goes to the URL. */
export function MembersFilters({ list }: { list: MembersListState }) {
  const { filter } = list.state;
  const { health_statuses, education_levels, employment_statuses } = useLookups();
  // The health filter only for who may see medical fields (the API refuses it to others).
  const { data: employee } = useCurrentEmployee();
  const medical = employee !== undefined && maySeeMedicalFields(employee);
  // Every members filter offers 'الكل' (no filter) first.
  const all = 'الكل';
  return (
    <ListFilterBar
      list={list}
      label="تصفية الأفراد"
      searchPlaceholder="الاسم، الهوية، الجوال أو رقم الملف"
    >
      <FilterSelects
        list={list}
        selects={[{ name: 'gender', label: 'الجنس', all, items: GENDERS }]}
      />
      <AgeField
        label="العمر من"
        value={filter.age_min}
        onChange={(age) => list.setFilter('age_min', age)}
      />
      <AgeField
        label="العمر إلى"
        value={filter.age_max}
        onChange={(age) => list.setFilter('age_max', age)}
      />
      <FilterSelects
        list={list}
        selects={[
          { name: 'relationship', label: 'صلة القرابة', all, items: RELATIONSHIPS },
          ...(medical
            ? [
                {
                  name: 'health_status' as const,
                  label: 'الحالة الصحية',
                  all,
                  items: health_statuses,
                },
              ]
            : []),
          { name: 'education_level', label: 'المستوى التعليمي', all, items: education_levels },
          { name: 'employment_status', label: 'الحالة الوظيفية', all, items: employment_statuses },
        ]}
      />
    </ListFilterBar>
  );
}
