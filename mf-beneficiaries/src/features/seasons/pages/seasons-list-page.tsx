import { Link } from 'react-router-dom';
import {
  SEASON_KINDS,
  SEASON_SORTABLE,
  SEASON_STATUSES,
  hijriYearOf,
  pathTo,
  seasonListQuery,
  todayIso,
  type Season,
  type SeasonKind,
  type SeasonStatus,
} from 'shared-contracts';
import {
  ButtonLink,
  FilterBar,
  ListPage,
  PageSizeField,
  SearchField,
  SelectField,
  codesFromSelect,
  firstCode,
  formatCurrency,
  formatDate,
  formatNumber,
  useCan,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';
import { optionsOf } from '../../../lib/lookups';
import { useSeasons } from '../api/seasons-api';
import { SeasonStatusBadge, seasonKindLabel } from '../components/season-badges';

const COLUMNS: readonly DataTableColumn<Season>[] = [
  {
    id: 'name',
    header: 'البرنامج',
    sortable: true,
    cell: (row) => <Link to={pathTo('seasons.show', { id: row.id })}>{row.name}</Link>,
  },
  { id: 'kind', header: 'النوع', sortable: true, cell: (row) => seasonKindLabel(row.kind) },
  { id: 'hijri_year', header: 'السنة', sortable: true, cell: (row) => `${row.hijri_year} هـ` },
  {
    id: 'start_date',
    header: 'البداية',
    sortable: true,
    cell: (row) => formatDate(row.start_date),
  },
  { id: 'end_date', header: 'النهاية', sortable: true, cell: (row) => formatDate(row.end_date) },
  {
    id: 'beneficiaries_count',
    header: 'المستفيدون',
    align: 'end',
    cell: (row) => `${formatNumber(row.received_count)} / ${formatNumber(row.beneficiaries_count)}`,
  },
  { id: 'budget', header: 'الميزانية', align: 'end', cell: (row) => formatCurrency(row.budget) },
  {
    id: 'status',
    header: 'الحالة',
    sortable: true,
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
  const query = useSeasons(list.params);
  const canCreate = useCan('create_seasonal');
  const createButton = canCreate ? (
    <ButtonLink to={pathTo('seasons.create')} icon="plus">
      إضافة برنامج
    </ButtonLink>
  ) : null;

  return (
    <ListPage<Season, (typeof SEASON_SORTABLE)[number]>
      title="البرامج الموسمية"
      description="سلال رمضان وزكاة الفطر وكسوة العيد وغيرها."
      actions={createButton}
      filters={
        <FilterBar label="تصفية البرامج" onClear={list.hasFilters ? list.clearFilters : undefined}>
          <SearchField
            placeholder="اسم البرنامج"
            value={state.search ?? ''}
            onSearch={list.setSearch}
          />
          <SelectField
            label="النوع"
            placeholder="كل الأنواع"
            options={optionsOf(SEASON_KINDS)}
            value={firstCode(state.filter.kind)}
            onChange={(event) =>
              list.setFilter('kind', codesFromSelect<SeasonKind>(event.target.value))
            }
          />
          <SelectField
            label="الحالة"
            placeholder="كل الحالات"
            options={optionsOf(SEASON_STATUSES)}
            value={firstCode(state.filter.status)}
            onChange={(event) =>
              list.setFilter('status', codesFromSelect<SeasonStatus>(event.target.value))
            }
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
          <PageSizeField value={state.per_page} onChange={list.setPerPage} />
        </FilterBar>
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
