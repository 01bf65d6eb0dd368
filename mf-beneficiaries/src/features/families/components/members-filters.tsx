import { useState } from 'react';
import {
  GENDERS,
  RELATIONSHIPS,
  type FamilyMemberListQuery,
  type Gender,
  type Relationship,
} from 'shared-contracts';
import { Button, NumberField, SelectField } from 'shared-ui';
import { FilterBar } from '../../../lib/components/layout';
import { ListSearchField } from '../../../lib/components/list-search-field';
import { PageSizeField } from '../../../lib/components/list-toolbar';
import { codesFromSelect, firstCode } from '../../../lib/list-url-state';
import { optionsOf, useLookups } from '../../../lib/lookups';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';

export type MemberFilterValues = FamilyMemberListQuery['filter'];

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

export function MembersFilters({
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
  filter: MemberFilterValues;
  perPage: number;
  hasFilters: boolean;
  onSearch: (search: string) => void;
  onFilter: <K extends keyof MemberFilterValues>(name: K, value: MemberFilterValues[K]) => void;
  onPerPage: (perPage: number) => void;
  onClear: () => void;
}) {
  const lookups = useLookups();
  return (
    <FilterBar role="search" aria-label="تصفية الأفراد">
      <ListSearchField
        label="بحث"
        placeholder="الاسم، الهوية، الجوال أو رقم الملف"
        value={search}
        onSearch={onSearch}
      />
      <SelectField
        label="الجنس"
        placeholder="الكل"
        options={optionsOf(GENDERS)}
        value={firstCode(filter.gender)}
        onChange={(event) => onFilter('gender', codesFromSelect<Gender>(event.target.value))}
      />
      <AgeField
        label="العمر من"
        value={filter.age_min}
        onChange={(age) => onFilter('age_min', age)}
      />
      <AgeField
        label="العمر إلى"
        value={filter.age_max}
        onChange={(age) => onFilter('age_max', age)}
      />
      <SelectField
        label="صلة القرابة"
        placeholder="الكل"
        options={optionsOf(RELATIONSHIPS)}
        value={firstCode(filter.relationship)}
        onChange={(event) =>
          onFilter('relationship', codesFromSelect<Relationship>(event.target.value))
        }
      />
      <SelectField
        label="الحالة الصحية"
        placeholder="الكل"
        options={optionsOf(lookups.health_statuses)}
        value={firstCode(filter.health_status)}
        onChange={(event) => onFilter('health_status', codesFromSelect(event.target.value))}
      />
      <SelectField
        label="المستوى التعليمي"
        placeholder="الكل"
        options={optionsOf(lookups.education_levels)}
        value={firstCode(filter.education_level)}
        onChange={(event) => onFilter('education_level', codesFromSelect(event.target.value))}
      />
      <SelectField
        label="الحالة الوظيفية"
        placeholder="الكل"
        options={optionsOf(lookups.employment_statuses)}
        value={firstCode(filter.employment_status)}
        onChange={(event) => onFilter('employment_status', codesFromSelect(event.target.value))}
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
