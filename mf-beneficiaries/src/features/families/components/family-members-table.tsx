import { GENDERS, RELATIONSHIPS, labelOf, type FamilyMember } from 'shared-contracts/beneficiaries';
import { ageOf } from 'shared-contracts';
import { Badge, DataTable, NationalId, formatCurrency, formatDate } from 'shared-ui';

/** The members of a family on its show page (head first, as the API returns them). */
export function FamilyMembersTable({ members }: { members: readonly FamilyMember[] }) {
  return (
    <DataTable<FamilyMember>
      caption="أفراد الأسرة"
      rowKey="id"
      rows={members}
      emptyTitle="لا يوجد أفراد"
      columns={[
        { id: 'full_name', header: 'الاسم', cell: (row) => row.full_name },
        {
          id: 'relationship',
          header: 'صلة القرابة',
          cell: (row) =>
            row.relationship === 'head' ? (
              <Badge tone="info">رب الأسرة</Badge>
            ) : (
              labelOf(RELATIONSHIPS, row.relationship)
            ),
        },
        { id: 'gender', header: 'الجنس', cell: (row) => labelOf(GENDERS, row.gender) },
        {
          id: 'birth_date',
          header: 'تاريخ الميلاد',
          // The age stays with its number: never "(44 / سنة)".
          cell: (row) => (
            <span
              style={{ whiteSpace: 'nowrap' }}
            >{`${formatDate(row.birth_date)}${row.age === null ? '' : ` (${ageOf(row.age)})`}`}</span>
          ),
        },
        {
          id: 'national_id',
          header: 'رقم الهوية',
          cell: (row) => <NationalId value={row.national_id} />,
        },
        { id: 'education', header: 'التعليم', cell: (row) => row.education_level?.label ?? '' },
        { id: 'employment', header: 'العمل', cell: (row) => row.employment_status?.label ?? '' },
        {
          id: 'health',
          header: 'الصحة',
          cell: (row) =>
            row.health_status === undefined
              ? 'محجوبة'
              : [row.health_status?.label, ...(row.disabilities ?? []).map((item) => item.label)]
                  .filter(Boolean)
                  .join('، '),
        },
        {
          id: 'income',
          header: 'الدخل',
          align: 'end',
          cell: (row) => (row.monthly_income === null ? '' : formatCurrency(row.monthly_income)),
        },
        {
          id: 'flags',
          header: 'ملاحظات',
          cell: (row) =>
            [row.is_pregnant ? 'حامل' : '', row.is_lactating ? 'مرضع' : '']
              .filter(Boolean)
              .join('، '),
        },
      ]}
    />
  );
}
