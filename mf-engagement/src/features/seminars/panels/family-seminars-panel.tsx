import { countOf, type SlotProps } from 'shared-contracts';
import { SEMINAR_NOUN, type AttendedSeminar } from 'shared-contracts/engagement';
import {
  DataTable,
  Muted,
  formatDateDual,
  PageLink,
  QueryErrorState,
  type DataTableColumn,
} from 'shared-ui';
import { useAttendedSeminars } from '../api/seminars-api';

export const FAMILY_SEMINARS_EMPTY = 'لم يحضر أفراد هذه الأسرة أي ندوة بعد';

const COLUMNS: readonly DataTableColumn<AttendedSeminar>[] = [
  {
    id: 'seminar',
    header: 'الندوة',
    card: 'title',
    cell: (row) => (
      <PageLink pageId="seminars.show" params={{ id: row.seminar.id }}>
        {row.seminar.title}
      </PageLink>
    ),
  },
  { id: 'type', header: 'النوع', cell: (row) => row.seminar.type },
  {
    id: 'when',
    header: 'الموعد',
    nowrap: true,
    cell: (row) => formatDateDual(row.seminar.starts_at.slice(0, 10)),
  },
  { id: 'member', header: 'الفرد', cell: (row) => row.member.name },
];

/**
 * mf-engagement's panel on the family page (slot `families.show`, for `show_seminars`): the
 * seminars the family's members attended, newest first, each linking to its seminar. The host
 * renders it under the slot table's title, inside its own error boundary.
 */
export default function FamilySeminarsPanel({ familyId }: SlotProps<'families.show'>) {
  const query = useAttendedSeminars(familyId);
  if (query.isError)
    return <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data ?? [];
  const seminars = new Set(rows.map((row) => row.seminar.id)).size;
  return (
    <>
      <DataTable
        caption="الندوات التي حضرها أفراد الأسرة"
        columns={COLUMNS}
        rows={rows}
        rowKey="entry_id"
        loading={query.isPending}
        loadingLabel="جارٍ تحميل ندوات الأسرة..."
        emptyTitle={FAMILY_SEMINARS_EMPTY}
      />
      {rows.length > 0 ? (
        <Muted>{`حضر أفراد الأسرة ${countOf(seminars, SEMINAR_NOUN)}`}</Muted>
      ) : null}
    </>
  );
}
