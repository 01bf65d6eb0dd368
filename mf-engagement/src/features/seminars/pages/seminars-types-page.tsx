import {
  SEMINAR_TYPE_SORTABLE,
  seminarTypeEndpoints,
  seminarTypeListQuery,
  type SeminarType,
} from 'shared-contracts/engagement';
import {
  ActiveFilter,
  ListFilterBar,
  LookupListPage,
  formatNumber,
  pageTitle,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';
import { useSeminarTypeActions, useSeminarTypeList } from '../api/seminars-api';
import { SeminarTypeDialog } from '../components/seminar-type-dialog';

const COLUMNS: readonly DataTableColumn<SeminarType>[] = [
  { id: 'name', header: 'نوع الندوة', sortable: true, card: 'title', cell: (row) => row.name },
  { id: 'description', header: 'الوصف', cell: (row) => row.description ?? '' },
  {
    id: 'seminars',
    header: 'عدد الندوات',
    align: 'end',
    cell: (row) => formatNumber(row.seminars_count),
  },
];

/**
 * /seminar/types: the editable list of seminar types on the shared lookup page (add, edit,
 * deactivate; a type in use cannot be deleted — the API says why and deactivating is offered).
 */
export default function SeminarsTypesPage() {
  const list = useListUrlState(seminarTypeListQuery);
  const query = useSeminarTypeList(list.params);
  const actions = useSeminarTypeActions();

  return (
    <LookupListPage<SeminarType, (typeof SEMINAR_TYPE_SORTABLE)[number]>
      title={pageTitle('seminars.types')}
      description="أنواع الندوات والدورات. النوع المستخدم في ندوات لا يُحذف، أوقفه بدلاً من ذلك."
      noun="نوع الندوة"
      addLabel="إضافة نوع"
      filters={
        <ListFilterBar
          list={list}
          label="تصفية أنواع الندوات"
          searchPlaceholder="اسم النوع أو وصفه"
        >
          <ActiveFilter
            value={list.state.filter.active}
            onChange={(active) => list.setFilter('active', active)}
          />
        </ListFilterBar>
      }
      list={list}
      sortable={SEMINAR_TYPE_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل أنواع الندوات..."
      caption="قائمة أنواع الندوات"
      empty={{
        title: 'لا توجد أنواع ندوات بعد',
        description: 'أضف الأنواع ثم أضف الندوات تحتها.',
      }}
      emptyTitle="لا توجد أنواع مطابقة"
      columns={COLUMNS}
      endpoints={seminarTypeEndpoints}
      actions={actions}
      renderForm={(type, onClose) => (
        <SeminarTypeDialog key={type?.id ?? 'new'} type={type} onClose={onClose} />
      )}
    />
  );
}
