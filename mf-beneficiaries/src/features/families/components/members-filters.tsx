import { useState } from 'react';
import {
  GENDERS,
  RELATIONSHIPS,
  type FAMILY_MEMBER_SORTABLE,
  type Gender,
  type Relationship,
  type familyMemberListQuery,
} from 'shared-contracts';
import {
  FilterBar,
  NumberField,
  PageSizeField,
  SearchField,
  SelectField,
  codesFromSelect,
  firstCode,
  useDebouncedCallback,
  type ListUrlState,
} from 'shared-ui';
import { optionsOf, useLookups } from '../../../lib/lookups';

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
  const lookups = useLookups();
  return (
    <FilterBar label="تصفية الأفراد" onClear={list.hasFilters ? list.clearFilters : undefined}>
      <SearchField
        label="بحث"
        placeholder="الاسم، الهوية، الجوال أو رقم الملف"
        value={list.state.search ?? ''}
        onSearch={list.setSearch}
      />
      <SelectField
        label="الجنس"
        placeholder="الكل"
        options={optionsOf(GENDERS)}
        value={firstCode(filter.gender)}
        onChange={(event) => list.setFilter('gender', codesFromSelect<Gender>(event.target.value))}
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
      <SelectField
        label="صلة القرابة"
        placeholder="الكل"
        options={optionsOf(RELATIONSHIPS)}
        value={firstCode(filter.relationship)}
        onChange={(event) =>
          list.setFilter('relationship', codesFromSelect<Relationship>(event.target.value))
        }
      />
      <SelectField
        label="الحالة الصحية"
        placeholder="الكل"
        options={optionsOf(lookups.health_statuses)}
        value={firstCode(filter.health_status)}
        onChange={(event) => list.setFilter('health_status', codesFromSelect(event.target.value))}
      />
      <SelectField
        label="المستوى التعليمي"
        placeholder="الكل"
        options={optionsOf(lookups.education_levels)}
        value={firstCode(filter.education_level)}
        onChange={(event) => list.setFilter('education_level', codesFromSelect(event.target.value))}
      />
      <SelectField
        label="الحالة الوظيفية"
        placeholder="الكل"
        options={optionsOf(lookups.employment_statuses)}
        value={firstCode(filter.employment_status)}
        onChange={(event) =>
          list.setFilter('employment_status', codesFromSelect(event.target.value))
        }
      />
      <PageSizeField value={list.state.per_page} onChange={list.setPerPage} />
    </FilterBar>
  );
}
