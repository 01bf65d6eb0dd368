import {
  SEASON_KINDS,
  SEASON_SORTABLE,
  SEASON_STATUSES,
  hijriYearOf,
  seasonListQuery,
  type Season,
} from 'shared-contracts/beneficiaries';
import { todayIso } from 'shared-contracts';
import {
  FilterSelects,
  ListFilterBar,
  ListPage,
  Money,
  PageButtonLink,
  PageLink,
  SelectField,
  formatDate,
  formatNumber,
  pageHeader,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';
import { useSeasonList } from '../api/seasons-api';
import { SeasonStatusBadge, seasonKindLabel } from '../components/season-badges';

const COLUMNS: readonly DataTableColumn<Season>[] = [
  {
    id: 'name',
    header: 'البرنامج',
    sortable: true,
    card: 'title',
    truncate: '16rem',
    text: (row) => row.name,
    cell: (row) => (
      <PageLink pageId="seasons.show" params={{ id: row.id }}>
        {row.name}
      </PageLink>
    ),
  },
  {
    id: 'kind',
    header: 'النوع',
    sortable: true,
    card: true,
    cell: (row) => seasonKindLabel(row.kind),
  },
  {
    id: 'hijri_year',
    header: 'السنة',
    sortable: true,
    priority: 2,
    cell: (row) => `${row.hijri_year} هـ`,
  },
  {
    id: 'start_date',
    header: 'البداية',
    sortable: true,
    priority: 2,
    nowrap: true,
    cell: (row) => formatDate(row.start_date),
  },
  {
    id: 'end_date',
    header: 'النهاية',
    sortable: true,
    priority: 2,
    nowrap: true,
    cell: (row) => formatDate(row.end_date),
  },
  {
    id: 'beneficiaries_count',
    header: 'المستفيدون',
    align: 'end',
    card: true,
    cell: (row) => `${formatNumber(row.received_count)} / ${formatNumber(row.beneficiaries_count)}`,
  },
  {
    id: 'budget',
    header: 'الميزانية',
    align: 'end',
    priority: 3,
    cell: (row) => <Money value={row.budget} />,
  },
  {
    id: 'status',
    header: 'الحالة',
    sortable: true,
    card: true,
    cell: (row) => <SeasonStatusBadge status={row.status} />,
  },
];

/** The Hijri years offered: next year and the six before it, plus one from the URL outside them. */
function yearOptions(chosen: number | undefined) {
  const currentYear = hijriYearOf(todayIso());
  const years = Array.from({ length: 7 }, (_, index) => String(currentYear + 1 - index));
  if (chosen && !years.includes(String(chosen))) years.push(String(chosen));
  return years.map((year) => ({ value: year, label: `${year} هـ` }));
}

/** /seasons: the seasonal programmes, filtered by kind, status and Hijri year (URL state). */
export default function SeasonsListPage() {
  const list = useListUrlState(seasonListQuery);
  const { state } = list;
  const query = useSeasonList(list.params);
  const createButton = (
    <PageButtonLink pageId="seasons.create" icon="plus">
      إضافة برنامج
    </PageButtonLink>
  );

  return (
    <ListPage<Season, (typeof SEASON_SORTABLE)[number]>
      {...pageHeader('seasons.list')}
      actions={createButton}
      filters={
        <ListFilterBar list={list} label="تصفية البرامج" searchPlaceholder="اسم البرنامج">
          <FilterSelects
            list={list}
            selects={[
              { name: 'kind', label: 'النوع', all: 'كل الأنواع', items: SEASON_KINDS },
              { name: 'status', label: 'الحالة', all: 'كل الحالات', items: SEASON_STATUSES },
            ]}
          />
          <SelectField
            label="السنة الهجرية"
            placeholder="كل السنوات"
            options={yearOptions(state.filter.hijri_year)}
            value={state.filter.hijri_year ? String(state.filter.hijri_year) : ''}
            onChange={(event) =>
              list.setFilter(
                'hijri_year',
                event.target.value === '' ? undefined : Number(event.target.value),
              )
            }
          />
        </ListFilterBar>
      }
      list={list}
      sortable={SEASON_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل البرامج..."
      empty={{
        title: 'لا توجد برامج موسمية',
        description: 'أضف برنامجاً ثم سجّل الأسر المستحقة فيه.',
        action: createButton,
      }}
      caption="البرامج الموسمية"
      rowKey="id"
      columns={COLUMNS}
      emptyTitle="لا توجد برامج مطابقة"
    />
  );
}
