import { useState } from 'react';
import { pathTo } from 'shared-contracts';
import { labelOf, researcherOptions } from 'shared-contracts/beneficiaries';
import {
  VISIT_OUTCOMES,
  VISIT_PURPOSES,
  VISIT_SORTABLE,
  VISIT_STATUSES,
  visitEndpoints,
  visitListQuery,
  type Visit,
} from 'shared-contracts/resources/visits-contracts';
import {
  Button,
  ButtonLink,
  CheckboxField,
  DateField,
  ExportButton,
  FileNumber,
  FilterSelects,
  ListFilterBar,
  ListPage,
  PageLink,
  SelectField,
  formatDate,
  pageHeader,
  useCan,
  useListUrlState,
  type DataTableColumn,
  type ListUrlState,
} from 'shared-ui';
import { useLookups, useResearchers } from '../../../lib/lookups';
import { useVisitList } from '../api/visits-api';
import { VisitStatusBadge } from '../components/visit-badges';
import { VisitDialog, type VisitDialogMode } from '../components/visit-dialogs';

type VisitsListState = ListUrlState<typeof visitListQuery.filters, (typeof VISIT_SORTABLE)[number]>;

function VisitsFilters({ list }: { list: VisitsListState }) {
  const { filter } = list.state;
  const researchers = useResearchers();
  return (
    <ListFilterBar
      list={list}
      label="تصفية الزيارات"
      searchPlaceholder="رقم الملف، اسم رب الأسرة، الحي أو الباحث"
      more={
        <>
          <DateField
            label="من تاريخ"
            showHijri={false}
            value={filter.from ?? ''}
            onChange={(event) => list.setFilter('from', event.target.value || undefined)}
          />
          <DateField
            label="إلى تاريخ"
            showHijri={false}
            value={filter.to ?? ''}
            onChange={(event) => list.setFilter('to', event.target.value || undefined)}
          />
          <FilterSelects
            list={list}
            selects={[
              { name: 'outcome', label: 'النتيجة', all: 'كل النتائج', items: VISIT_OUTCOMES },
              { name: 'purpose', label: 'الغرض', all: 'كل الأغراض', items: VISIT_PURPOSES },
            ]}
          />
        </>
      }
      moreActive={Boolean(
        filter.from || filter.to || filter.outcome?.length || filter.purpose?.length,
      )}
    >
      <SelectField
        label="الباحث"
        placeholder="كل الباحثين"
        options={researcherOptions(researchers.data ?? [])}
        value={filter.researcher_id === undefined ? '' : String(filter.researcher_id)}
        onChange={(event) =>
          list.setFilter(
            'researcher_id',
            event.target.value === '' ? undefined : Number(event.target.value),
          )
        }
      />
      <FilterSelects
        list={list}
        selects={[{ name: 'status', label: 'الحالة', all: 'كل الحالات', items: VISIT_STATUSES }]}
      />
      <CheckboxField
        label="المتأخرة فقط"
        checked={filter.overdue === true}
        onChange={(event) => list.setFilter('overdue', event.target.checked ? true : undefined)}
      />
      <CheckboxField
        label="المستحقة خلال أسبوع"
        checked={filter.due === true}
        onChange={(event) => list.setFilter('due', event.target.checked ? true : undefined)}
      />
    </ListFilterBar>
  );
}

/** /visits: every field visit, with its filters in the URL, the export and each researcher's route sheet. */
export default function VisitsListPage() {
  const list = useListUrlState(visitListQuery);
  const query = useVisitList(list.params);
  const lookups = useLookups();
  const canEdit = useCan('edit_families');
  const [open, setOpen] = useState<{ visit: Visit; mode: VisitDialogMode } | null>(null);
  const researcherId = list.state.filter.researcher_id;

  const columns: DataTableColumn<Visit>[] = [
    {
      id: 'visit_date',
      header: 'التاريخ',
      sortable: true,
      card: 'title',
      cell: (row) => formatDate(row.visited_on ?? row.planned_date),
    },
    {
      id: 'family',
      header: 'الأسرة',
      card: true,
      cell: (row) => (
        <PageLink pageId="families.show" params={{ id: row.family.id }}>
          {row.family.head_name} (<FileNumber value={row.family.file_number} />)
        </PageLink>
      ),
    },
    {
      id: 'district',
      header: 'الحي',
      sortable: true,
      priority: 2,
      cell: (row) => (row.family.district ? labelOf(lookups.districts, row.family.district) : ''),
    },
    { id: 'researcher', header: 'الباحث', card: true, cell: (row) => row.researcher?.name ?? '' },
    {
      id: 'purpose',
      header: 'الغرض',
      priority: 2,
      cell: (row) => labelOf(VISIT_PURPOSES, row.purpose),
    },
    { id: 'status', header: 'الحالة', card: true, cell: (row) => <VisitStatusBadge visit={row} /> },
    {
      id: 'outcome',
      header: 'النتيجة',
      priority: 3,
      cell: (row) => (row.outcome ? labelOf(VISIT_OUTCOMES, row.outcome) : ''),
    },
  ];
  if (canEdit) {
    columns.push({
      id: 'actions',
      header: 'إجراءات',
      card: true,
      cell: (row) => (
        <Button size="sm" icon="check" onClick={() => setOpen({ visit: row, mode: 'record' })}>
          {row.status === 'done' ? 'تعديل النتيجة' : 'تسجيل الزيارة'}
        </Button>
      ),
    });
  }

  return (
    <ListPage<Visit, (typeof VISIT_SORTABLE)[number]>
      {...pageHeader('visits.list')}
      actions={
        <>
          {researcherId !== undefined ? (
            <ButtonLink
              to={`${pathTo('visits.route-sheet')}?researcher_id=${researcherId}`}
              icon="print"
              variant="secondary"
            >
              خط سير الباحث
            </ButtonLink>
          ) : null}
          <ExportButton endpoint={visitEndpoints.export} filePrefix="visits" params={list.params} />
        </>
      }
      filters={<VisitsFilters list={list} />}
      list={list}
      sortable={VISIT_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل الزيارات..."
      empty={{
        title: 'لا توجد زيارات مسجلة بعد',
        description: 'تُخطَّط الزيارات من صفحة الأسرة.',
      }}
      caption="قائمة الزيارات الميدانية"
      rowKey="id"
      columns={columns}
      emptyTitle="لا توجد زيارات مطابقة"
      emptyDescription="غيّر البحث أو امسح التصفية."
    >
      <VisitDialog
        visit={open?.visit ?? null}
        mode={open?.mode ?? 'record'}
        onClose={() => setOpen(null)}
      />
    </ListPage>
  );
}
