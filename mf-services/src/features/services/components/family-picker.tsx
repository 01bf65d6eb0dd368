import { serviceEndpoints, type ServiceFamilyOption } from 'shared-contracts/services';
import { familyStatusLabel } from 'shared-contracts/beneficiaries';
import { FileNumber, SearchPicker, type DataTableColumn } from 'shared-ui';
import { familySearchParams } from '../api/services-api';

const COLUMNS: readonly DataTableColumn<ServiceFamilyOption>[] = [
  { id: 'file_number', header: 'رقم الملف', cell: (row) => <FileNumber value={row.file_number} /> },
  { id: 'head_name', header: 'رب الأسرة', cell: (row) => row.head_name },
  { id: 'status', header: 'حالة الملف', cell: (row) => familyStatusLabel(row.status) },
  {
    id: 'refusal',
    header: 'إمكانية الخدمة',
    cell: (row) => (row.refusal === null ? 'يمكن خدمتها' : 'لا تُقدَّم لها خدمات'),
  },
];

/**
 * Picks the family a service is for, by file number, head's name, national ID or phone (the API
 * normalises the Arabic). Families that cannot be served are listed too, saying so; picking one
 * shows why (the caller puts `refusal` under the field).
 */
export function ServiceFamilyPicker({
  label = 'ابحث عن الأسرة',
  selectedId,
  onSelect,
  error,
}: {
  label?: string;
  selectedId: number | null;
  onSelect: (family: ServiceFamilyOption) => void;
  error?: string | undefined;
}) {
  return (
    <SearchPicker
      label={label}
      hint="رقم الملف أو اسم رب الأسرة أو رقم الهوية أو الجوال (حرفان على الأقل)"
      error={error}
      endpoint={serviceEndpoints.families}
      query={familySearchParams}
      rows={(answer): readonly ServiceFamilyOption[] => answer.data}
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
