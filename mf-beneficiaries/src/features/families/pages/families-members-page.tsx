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
  Card,
  DataTable,
  LoadingState,
  PageHeader,
  Pagination,
  formatDate,
} from 'shared-ui';
import { LtrText } from '../../../lib/components/ltr-text';
import { QueryError } from '../../../lib/components/query-states';
import { isSortable, useListUrlState } from '../../../lib/list-url-state';
import { useCan } from '../../../lib/use-current-employee';
import { useExport } from '../../../lib/use-export';
import { useFamilyMembers } from '../api/family-queries';
import { FamilyStatusBadge } from '../components/family-status-badge';
import { MembersFilters } from '../components/members-filters';
import { MoveMemberDialog } from '../components/move-member-dialog';

/** /families/members: every member across families, filtered on the server, state in the URL. */
export default function FamiliesMembersPage() {
  const list = useListUrlState(familyMemberListQuery);
  const { state } = list;
  const query = useFamilyMembers(list.params);
  const canMove = useCan('edit_families');
  const exporter = useExport(endpointPath('memberExport'), 'family-members');
  const [moving, setMoving] = useState<FamilyMember | null>(null);
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;

  return (
    <>
      <PageHeader
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
      />
      <Card>
        <MembersFilters
          search={state.search ?? ''}
          filter={state.filter}
          perPage={state.per_page}
          hasFilters={list.hasFilters}
          onSearch={list.setSearch}
          onFilter={list.setFilter}
          onPerPage={list.setPerPage}
          onClear={list.clearFilters}
        />
        {query.isPending ? (
          <LoadingState label="جارٍ تحميل الأفراد..." />
        ) : query.isError && !query.data ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <DataTable<FamilyMember>
              caption="أفراد الأسر"
              rowKey="id"
              rows={rows}
              loading={query.isFetching}
              sort={state.sort ? { id: state.sort, order: state.order } : undefined}
              onSortChange={(sort) => {
                if (isSortable(FAMILY_MEMBER_SORTABLE, sort.id)) list.setSort(sort.id, sort.order);
              }}
              emptyTitle={list.hasFilters ? 'لا يوجد أفراد مطابقون' : 'لا يوجد أفراد مسجلون بعد'}
              emptyDescription={list.hasFilters ? 'غيّر البحث أو امسح التصفية.' : undefined}
              columns={[
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
                ...(canMove
                  ? [
                      {
                        id: 'actions',
                        header: 'إجراءات',
                        cell: (row: FamilyMember) =>
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
                      },
                    ]
                  : []),
              ]}
            />
            {meta ? (
              <Pagination
                page={meta.page}
                lastPage={meta.last_page}
                total={meta.total}
                onPageChange={list.setPage}
              />
            ) : null}
          </>
        )}
      </Card>
      <MoveMemberDialog member={moving} onClose={() => setMoving(null)} />
    </>
  );
}
