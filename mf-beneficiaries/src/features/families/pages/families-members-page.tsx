import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  FAMILY_MEMBER_SORTABLE,
  GENDERS,
  RELATIONSHIPS,
  endpointPath,
  familyMemberListQuery,
  labelOf,
  pathTo,
  type FamilyMember,
} from 'shared-contracts';
import {
  Button,
  ListPage,
  LtrText,
  formatDate,
  useCan,
  useExport,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';
import { useFamilyMembers } from '../api/family-queries';
import { FamilyStatusBadge } from '../components/family-status-badge';
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
        <Link to={pathTo('families.show', { id: row.family_id })}>
          <bdi dir="ltr">{row.family_file_number}</bdi>
        </Link>{' '}
        <FamilyStatusBadge status={row.family_status} />
      </>
    ),
  },
];

/** /families/members: every member across families, filtered on the server, state in the URL. */
export default function FamiliesMembersPage() {
  const list = useListUrlState(familyMemberListQuery);
  const query = useFamilyMembers(list.params);
  const canMove = useCan('edit_families');
  const exporter = useExport(endpointPath('memberExport'), 'family-members');
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
        <Button
          variant="secondary"
          icon="download"
          loading={exporter.exporting}
          onClick={() => void exporter.exportFile(list.params)}
        >
          تصدير Excel
        </Button>
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
