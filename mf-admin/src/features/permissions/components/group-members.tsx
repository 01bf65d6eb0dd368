import { countOf } from 'shared-contracts';
import { roleLabel, type PermissionGroupMember } from 'shared-contracts/admin';
import { Badge, Card, DataTable, Muted, SectionTitle, type DataTableColumn } from 'shared-ui';

const COLUMNS: readonly DataTableColumn<PermissionGroupMember>[] = [
  { id: 'name', header: 'الموظف', cell: (member) => member.name },
  { id: 'role', header: 'الدور', cell: (member) => roleLabel(member.role) },
  {
    id: 'active',
    header: 'الحالة',
    cell: (member) =>
      member.active ? <Badge tone="success">مفعل</Badge> : <Badge tone="neutral">موقوف</Badge>,
  },
];

/** The group's members: who a change of its keys affects (at their next request). */
export function GroupMembers({ members }: { members: readonly PermissionGroupMember[] }) {
  return (
    <Card as="section" aria-labelledby="group-members">
      <SectionTitle id="group-members">أعضاء المجموعة</SectionTitle>
      <Muted>
        {members.length === 0
          ? 'لا ينتمي أي موظف إلى هذه المجموعة بعد؛ أضف الموظفين إليها من صفحة الموظفين.'
          : `${countOf(members.length, 'employee')}. تعديل صلاحيات المجموعة يسري عليهم من طلبهم التالي.`}
      </Muted>
      {members.length > 0 ? (
        <DataTable caption="أعضاء المجموعة" rowKey="id" rows={members} columns={COLUMNS} />
      ) : null}
    </Card>
  );
}
