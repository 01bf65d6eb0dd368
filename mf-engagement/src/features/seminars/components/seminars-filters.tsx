import {
  SEMINAR_STATUSES,
  type SEMINAR_SORTABLE,
  type seminarListQuery,
} from 'shared-contracts/engagement';
import { DateField, FilterSelects, ListFilterBar, SelectField, type ListUrlState } from 'shared-ui';
import { useSeminarOptions } from '../api/seminars-api';

type SeminarsListState = ListUrlState<
  typeof seminarListQuery.filters,
  (typeof SEMINAR_SORTABLE)[number]
>;

/** The seminars list's search box and filters (status, type, start-date range); every change goes to the URL. */
export function SeminarsFilters({ list }: { list: SeminarsListState }) {
  const { filter } = list.state;
  const options = useSeminarOptions();
  return (
    <ListFilterBar
      list={list}
      label="تصفية الندوات"
      searchPlaceholder="عنوان الندوة، المقدم، المكان أو النوع"
    >
      <FilterSelects
        list={list}
        selects={[{ name: 'status', label: 'الحالة', all: 'كل الحالات', items: SEMINAR_STATUSES }]}
      />
      <SelectField
        label="نوع الندوة"
        placeholder="كل الأنواع"
        options={(options.data?.types ?? []).map((type) => ({ value: type.id, label: type.name }))}
        value={filter.seminar_type_id === undefined ? '' : String(filter.seminar_type_id)}
        onChange={(event) =>
          list.setFilter(
            'seminar_type_id',
            event.target.value === '' ? undefined : Number(event.target.value),
          )
        }
      />
      <DateField
        label="تبدأ من"
        showHijri={false}
        value={filter.from ?? ''}
        onChange={(event) => list.setFilter('from', event.target.value || undefined)}
      />
      <DateField
        label="إلى"
        showHijri={false}
        value={filter.to ?? ''}
        onChange={(event) => list.setFilter('to', event.target.value || undefined)}
      />
    </ListFilterBar>
  );
}
