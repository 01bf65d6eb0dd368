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
import { ageOf } from 'shared-contracts';
import {
  Button,
  ExportButton,
  FileNumber,
  ListPage,
  NationalId,
  PageLink,
  formatDate,
  pageHeader,
  useCanCall,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';
import { FamilyStatusBadge } from '../../../lib/components/family-status-badge';
import { useMemberList } from '../api/members-api';
import { MembersFilters } from '../components/members-filters';
import { MoveMemberDialog } from '../components/move-member-dialog';

/**
 * Fits 1366 px: name (one line), relationship, birth date with age, family and the move action;
 * ID, gender, education and work on wide screens and in each row's details.
 */
const COLUMNS: readonly DataTableColumn<FamilyMember>[] = [
  {
    id: 'full_name',
    header: 'الاسم',
    sortable: true,
    card: 'title',
    truncate: '11rem',
    text: (row) => row.full_name,
    cell: (row) => row.full_name,
  },
  {
    id: 'national_id',
    header: 'رقم الهوية',
    priority: 3,
    cell: (row) => <NationalId value={row.national_id} />,
  },
  {
    id: 'relationship',
    header: 'صلة القرابة',
    card: true,
    cell: (row) => labelOf(RELATIONSHIPS, row.relationship),
  },
  { id: 'gender', header: 'الجنس', priority: 3, cell: (row) => labelOf(GENDERS, row.gender) },
  {
    id: 'birth_date',
    header: 'تاريخ الميلاد',
    sortable: true,
    card: true,
    cell: (row) => (
      // The age stays with its number: never "(44 / سنة)".
      <span
        style={{ whiteSpace: 'nowrap' }}
      >{`${formatDate(row.birth_date)}${row.age === null ? '' : ` (${ageOf(row.age)})`}`}</span>
    ),
  },
  {
    id: 'education',
    header: 'التعليم',
    priority: 3,
    cell: (row) => row.education_level?.label ?? '',
  },
  {
    id: 'employment',
    header: 'العمل',
    priority: 3,
    cell: (row) => row.employment_status?.label ?? '',
  },
  {
    id: 'family_file_number',
    header: 'الأسرة',
    sortable: true,
    card: true,
    cell: (row) => (
      <>
        <PageLink pageId="families.show" params={{ id: row.family_id }}>
          <FileNumber value={row.family_file_number} />
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
    card: true,
    cell: (row) =>
      row.relationship === 'head' ? null : (
        <Button
          size="sm"
          variant="ghost"
          // The visible words first, then whom (WCAG 2.5.3: a voice user says what they see).
          aria-label={`نقل إلى أسرة أخرى: ${row.full_name}`}
          onClick={() => setMoving(row)}
        >
          نقل إلى أسرة أخرى
        </Button>
      ),
  };

  return (
    <ListPage<FamilyMember, (typeof FAMILY_MEMBER_SORTABLE)[number]>
      {...pageHeader('families.members')}
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
