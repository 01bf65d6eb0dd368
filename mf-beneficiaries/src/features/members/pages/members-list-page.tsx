import { useState } from 'react';
import {
  FAMILY_MEMBER_SORTABLE,
  GENDERS,
  RELATIONSHIPS,
  familyMemberListQuery,
  labelOf,
  memberEndpoints,
  type FamilyMember,
} from 'shared-contracts/beneficiaries';
import {
  Button,
  ExportButton,
  ListPage,
  LtrText,
  PageLink,
  formatDate,
  useCanCall,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';
import { FamilyStatusBadge } from '../../../lib/components/family-status-badge';
import { useMemberList } from '../api/members-api';
import { MembersFilters } from '../components/members-filters';
import { MoveMemberDialog } from '../components/move-member-dialog';

const COLUMNS: readonly DataTableColumn<FamilyMember>[] = [
  { id: 'full_name', header: 'الاسم', sortable: true, cell: (row) => row.full_name },
  {
    id: 'national_id',
    header: 'رقم الهوية',
    cell: (row) => <LtrText>{row.national_id}</LtrText>,
  },
  {
    id: 'relationship',
    header: 'صلة القرابة',
    cell: (row) => labelOf(RELATIONSHIPS, row.relationship),
  },
  { id: 'gender', header: 'الجنس', cell: (row) => labelOf(GENDERS, row.gender) },
  {
    id: 'birth_date',
    header: 'تاريخ الميلاد',
    sortable: true,
    cell: (row) => `${formatDate(row.birth_date)} (${row.age} سنة)`,
  },
  {
    id: 'education',
    header: 'التعليم',
    cell: (row) => row.education_level?.label ?? '',
  },
  {
    id: 'employment',
    header: 'العمل',
    cell: (row) => row.employment_status?.label ?? '',
  },
  {
    id: 'family_file_number',
    header: 'الأسرة',
    sortable: true,
    cell: (row) => (
      <>
        <PageLink pageId="families.show" params={{ id: row.family_id }}>
          <bdi dir="ltr">{row.family_file_number}</bdi>
        </PageLink>{' '}
        <FamilyStatusBadge status={row.family_status} />
      </>
    ),
  },
];

/** /families/members: every member across families, filtered on the server, state in the URL. */
export default function MembersListPage() {
  const list = useListUrlState(familyMemberListQuery);
  const query = useMemberList(list.params);
  const canMove = useCanCall(memberEndpoints.move);
  const [moving, setMoving] = useState<FamilyMember | null>(null);

  const moveColumn: DataTableColumn<FamilyMember> = {
    id: 'actions',
    header: 'إجراءات',
    cell: (row) =>
      row.relationship === 'head' ? null : (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`نقل ${row.full_name} إلى أسرة أخرى`}
          onClick={() => setMoving(row)}
        >
          نقل إلى أسرة أخرى
        </Button>
      ),
  };

  return (
    <ListPage<FamilyMember, (typeof FAMILY_MEMBER_SORTABLE)[number]>
      title="أفراد الأسر"
      description="جميع أفراد الأسر المسجلة، مع التصفية حسب العمر والجنس والحالة."
      actions={
        <ExportButton
          endpoint={memberEndpoints.export}
          filePrefix="family-members"
          params={list.params}
        />
      }
      filters={<MembersFilters list={list} />}
      list={list}
      sortable={FAMILY_MEMBER_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل الأفراد..."
      caption="أفراد الأسر"
      rowKey="id"
      columns={canMove ? [...COLUMNS, moveColumn] : COLUMNS}
      emptyTitle={list.hasFilters ? 'لا يوجد أفراد مطابقون' : 'لا يوجد أفراد مسجلون بعد'}
      emptyDescription={list.hasFilters ? 'غيّر البحث أو امسح التصفية.' : undefined}
    >
      <MoveMemberDialog member={moving} onClose={() => setMoving(null)} />
    </ListPage>
  );
}
