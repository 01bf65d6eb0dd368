import {
  __CONST___SORTABLE,
  __SCAMEL__Endpoints,
  __SCAMEL__ListQuery,
  type __SPASCAL__,
} from 'shared-contracts/resources/__NAME__-contracts';
import {
  ListFilterBar,
  ListPage,
  PageButtonLink,
  PageLink,
  useEndpointQuery,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';

const COLUMNS: readonly DataTableColumn<__SPASCAL__>[] = [
  {
    id: 'name',
    header: 'الاسم',
    sortable: true,
    card: 'title',
    truncate: '16rem',
    text: (row) => row.name,
    cell: (row) => (
      <PageLink pageId="__NAME__.show" params={{ id: row.id }}>
        {row.name}
      </PageLink>
    ),
  },
  { id: 'description', header: 'الوصف', priority: 2, cell: (row) => row.description ?? '' },
  {
    id: 'active',
    header: 'الحالة',
    sortable: true,
    card: true,
    cell: (row) => (row.active ? 'مفعّل' : 'موقوف'),
  },
];

/** __PATH__: the list, its search, sort and page in the URL. */
export default function __PASCAL__ListPage() {
  const list = useListUrlState(__SCAMEL__ListQuery);
  const query = useEndpointQuery(__SCAMEL__Endpoints.list, { query: list.params });
  const createButton = (
    <PageButtonLink pageId="__NAME__.create" icon="plus">
      إضافة __SINGULAR__
    </PageButtonLink>
  );
  return (
    <ListPage<__SPASCAL__, (typeof __CONST___SORTABLE)[number]>
      title="__TITLE__"
      actions={createButton}
      filters={<ListFilterBar list={list} label="تصفية __PLURAL_GEN__" searchPlaceholder="الاسم أو الوصف" />}
      list={list}
      sortable={__CONST___SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل __PLURAL_GEN__..."
      empty={{ title: '__ZERO__', action: createButton }}
      caption="قائمة __PLURAL_GEN__"
      rowKey="id"
      columns={COLUMNS}
      emptyTitle="لا توجد نتائج مطابقة"
    />
  );
}
