import { useState } from 'react';
import {
  SERVICE_STATUSES,
  type SERVICE_SORTABLE,
  type serviceListQuery,
} from 'shared-contracts/services';
import {
  Badge,
  Button,
  CheckboxField,
  DateField,
  Dialog,
  FileNumber,
  FilterSelects,
  IconButton,
  ListFilterBar,
  LtrText,
  Row,
  type ListUrlState,
} from 'shared-ui';
import { useServiceTypeCatalogue } from '../../../lib/catalogue';
import { DepartmentAxisFilters, IdFilterSelect } from '../../../lib/components/id-filter-select';
import { useServiceFamily } from '../api/services-api';
import { ServiceFamilyPicker } from './family-picker';

type ServicesListState = ListUrlState<
  typeof serviceListQuery.filters,
  (typeof SERVICE_SORTABLE)[number]
>;

/**
 * The family filter: the chosen family by name with a way to drop it (the family page links
 * here with `filter[family_id]`), or a button opening the family search.
 */
function FamilyFilter({
  familyId,
  onChange,
}: {
  familyId: number | undefined;
  onChange: (familyId: number | undefined) => void;
}) {
  const [picking, setPicking] = useState(false);
  const family = useServiceFamily(familyId ?? null);

  return (
    <>
      {familyId === undefined ? (
        <Button variant="secondary" icon="families" onClick={() => setPicking(true)}>
          تصفية بأسرة
        </Button>
      ) : (
        <Row role="group" aria-label="تصفية الأسرة">
          <Badge tone="info">
            الأسرة:{' '}
            {family.data ? (
              <>
                {family.data.head_name} (<FileNumber value={family.data.file_number} />)
              </>
            ) : (
              <LtrText>{`#${familyId}`}</LtrText>
            )}
          </Badge>
          <IconButton
            icon="close"
            size="sm"
            label="إلغاء تصفية الأسرة"
            onClick={() => onChange(undefined)}
          />
        </Row>
      )}
      <Dialog open={picking} onClose={() => setPicking(false)} title="خدمات أسرة" size="lg">
        <ServiceFamilyPicker
          selectedId={familyId ?? null}
          onSelect={(chosen) => {
            setPicking(false);
            onChange(chosen.id);
          }}
        />
      </Dialog>
    </>
  );
}

/** The services list's search box and filters; every change goes to the URL. */
export function ServicesFilters({ list }: { list: ServicesListState }) {
  const { filter } = list.state;
  const types = useServiceTypeCatalogue();

  return (
    <ListFilterBar
      list={list}
      label="تصفية الخدمات"
      searchPlaceholder="نوع الخدمة، رقم الملف، اسم رب الأسرة أو الفرد، الجهة المنفذة"
    >
      <FilterSelects
        list={list}
        selects={[{ name: 'status', label: 'الحالة', all: 'كل الحالات', items: SERVICE_STATUSES }]}
      />
      <IdFilterSelect
        label="نوع الخدمة"
        all="كل الأنواع"
        items={types.data}
        value={filter.service_type_id}
        onChange={(id) => list.setFilter('service_type_id', id)}
      />
      <DepartmentAxisFilters
        departmentId={filter.department_id}
        axisId={filter.axis_id}
        onChange={(name, id) => list.setFilter(name, id)}
      />
      <DateField
        label="طُلبت من"
        showHijri={false}
        value={filter.request_from ?? ''}
        onChange={(event) => list.setFilter('request_from', event.target.value || undefined)}
      />
      <DateField
        label="إلى"
        showHijri={false}
        value={filter.request_to ?? ''}
        onChange={(event) => list.setFilter('request_to', event.target.value || undefined)}
      />
      <FamilyFilter
        familyId={filter.family_id}
        onChange={(familyId) => list.setFilter('family_id', familyId)}
      />
      <CheckboxField
        label="المتأخرة فقط"
        checked={filter.overdue === true}
        onChange={(event) => list.setFilter('overdue', event.target.checked ? true : undefined)}
      />
      <CheckboxField
        label="الطبية فقط"
        checked={filter.is_medical === true}
        onChange={(event) => list.setFilter('is_medical', event.target.checked ? true : undefined)}
      />
    </ListFilterBar>
  );
}
