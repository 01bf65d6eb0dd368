import {
  familyEndpoints,
  familyStatusLabel,
  toFamilyListParams,
  type Family,
  type FamilyStatus,
} from 'shared-contracts/beneficiaries';
import { FileNumber, NationalId, SearchPicker, type DataTableColumn } from 'shared-ui';

const PICKER_PAGE_SIZE = 8;

const COLUMNS: readonly DataTableColumn<Family>[] = [
  { id: 'file_number', header: 'رقم الملف', cell: (row) => <FileNumber value={row.file_number} /> },
  { id: 'head_name', header: 'رب الأسرة', cell: (row) => row.head_name },
  {
    id: 'head_national_id',
    header: 'الهوية',
    cell: (row) => <NationalId value={row.head_national_id} />,
  },
  { id: 'status', header: 'الحالة', cell: (row) => familyStatusLabel(row.status) },
];

function familySearchParams(
  term: string,
  statuses: readonly FamilyStatus[] | undefined,
  notInSeason: number | undefined,
) {
  return toFamilyListParams({
    search: term,
    per_page: PICKER_PAGE_SIZE,
    filter: {
      ...(statuses ? { status: [...statuses] } : {}),
      ...(notInSeason !== undefined ? { not_in_season: notInSeason } : {}),
    },
  });
}

/**
 * Picks a family by search (name, file number, national ID or phone — the API normalises the
 * Arabic). Used by moving a member and by enrolling a family in a season.
 */
export function FamilyPicker({
  label = 'ابحث عن الأسرة',
  selectedId,
  onSelect,
  excludeId,
  statuses,
  notInSeason,
  error,
}: {
  label?: string;
  selectedId: number | null;
  onSelect: (family: Family) => void;
  excludeId?: number;
  statuses?: readonly FamilyStatus[];
  /** Offer only families not yet enrolled in this seasonal programme. */
  notInSeason?: number;
  error?: string | undefined;
}) {
  return (
    <SearchPicker
      label={label}
      hint="الاسم أو رقم الملف أو رقم الهوية أو الجوال (حرفان على الأقل)"
      error={error}
      endpoint={familyEndpoints.list}
      query={(term) => familySearchParams(term, statuses, notInSeason)}
      rows={(answer): readonly Family[] => answer.data}
      hide={(family) => family.id === excludeId}
      caption="نتائج البحث عن الأسر"
      columns={COLUMNS}
      rowKey="id"
      isSelected={(family) => family.id === selectedId}
      onSelect={onSelect}
      pickLabel={(family) => `اختيار أسرة ${family.head_name} (${family.file_number})`}
      prompt="اكتب للبحث، ثم اختر الأسرة من النتائج."
      emptyTitle="لا توجد أسر مطابقة"
    />
  );
}
