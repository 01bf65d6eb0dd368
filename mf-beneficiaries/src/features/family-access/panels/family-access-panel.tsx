import { countOf, type SlotProps } from 'shared-contracts';
import {
  familyAccessEndpoints,
  familyAccessKindLabel,
  type FamilyAccessEntry,
} from 'shared-contracts/resources/family-access-contracts';
import {
  DataTable,
  FileName,
  QueryErrorState,
  formatDateTime,
  useEndpointQuery,
  type DataTableColumn,
} from 'shared-ui';

export const FAMILY_ACCESS_EMPTY = 'لم يطّلع أحد على ملف هذه الأسرة بعد';

/**
 * «من اطّلع على الملف» (slot `families.show`, for `show_families` with `manage_personal_data`):
 * who opened the family's file, showed or saved one of its documents, and when, newest first
 * (docs/personal-data.md).
 */
export default function FamilyAccessPanel({ familyId }: SlotProps<'families.show'>) {
  const query = useEndpointQuery(
    familyAccessEndpoints.familyList,
    { params: { id: familyId } },
    { select: (answer) => answer.data },
  );
  if (query.isError)
    return <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const entries = query.data?.entries ?? [];
  const total = query.data?.total ?? 0;
  const columns: DataTableColumn<FamilyAccessEntry>[] = [
    { id: 'employee', header: 'الموظف', card: 'title', cell: (row) => row.employee.name },
    { id: 'at', header: 'الوقت', card: true, cell: (row) => formatDateTime(row.at) },
    {
      id: 'kind',
      header: 'ما اطّلع عليه',
      card: true,
      cell: (row) => (
        <span>
          {familyAccessKindLabel(row.kind)}
          {row.document ? (
            <>
              {' — '}
              <FileName value={row.document.file_name} />
            </>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <DataTable
        caption="من اطّلع على ملف الأسرة"
        columns={columns}
        rows={entries}
        rowKey="id"
        loading={query.isPending}
        loadingLabel="جارٍ تحميل سجل الاطلاع..."
        emptyTitle={FAMILY_ACCESS_EMPTY}
      />
      {total > entries.length ? (
        <p>
          {`يُعرض الأحدث: ${countOf(entries.length, 'access')} من ${countOf(total, 'access', { case: 'oblique' })}`}
        </p>
      ) : null}
    </>
  );
}
