import { useState } from 'react';
import styled from 'styled-components';
import { countOf, pathTo, type SlotProps } from 'shared-contracts';
import { familyEndpoints, labelOf } from 'shared-contracts/beneficiaries';
import {
  VISIT_OUTCOMES,
  VISIT_PURPOSES,
  visitListQuery,
  type Visit,
} from 'shared-contracts/resources/visits-contracts';
import {
  Button,
  ButtonLink,
  DataTable,
  Notice,
  QueryErrorState,
  formatDate,
  useCan,
  useEndpointQuery,
  type DataTableColumn,
} from 'shared-ui';
import { useFamilyVisits } from '../api/visits-api';
import { VisitStatusBadge } from '../components/visit-badges';
import {
  PlanVisitDialog,
  VisitDialog,
  type PlanVisitTarget,
  type VisitDialogMode,
} from '../components/visit-dialogs';

export const FAMILY_VISITS_EMPTY = 'لم تُخطَّط لهذه الأسرة أي زيارة بعد';

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-block-start: ${({ theme }) => theme.space.md};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

/** The visits list filtered to this family. */
export function familyVisitsPath(familyId: number): string {
  const params = new URLSearchParams(visitListQuery.toParams({ filter: { family_id: familyId } }));
  return `${pathTo('visits.list')}?${params.toString()}`;
}

/**
 * The family page's field visits (slot `families.show`, for `show_families`): each visit with its
 * date, purpose, researcher and status; for editors, «خطط زيارة» and, on each visit, «تسجيل» and
 * «إعادة جدولة» in shared-ui dialogs. When the family's reassessment is overdue and no
 * reassessment visit is planned, a notice proposes one.
 */
export default function FamilyVisitsPanel({ familyId }: SlotProps<'families.show'>) {
  const query = useFamilyVisits(familyId);
  const family = useEndpointQuery(
    familyEndpoints.show,
    { params: { id: familyId } },
    { select: (answer) => answer.data },
  );
  const canEdit = useCan('edit_families');
  const [planning, setPlanning] = useState<PlanVisitTarget | null>(null);
  const [open, setOpen] = useState<{ visit: Visit; mode: VisitDialogMode } | null>(null);

  if (query.isError)
    return <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const visits = query.data ?? [];
  const researcherId = family.data?.researcher?.id ?? null;
  const reassessmentPlanned = visits.some(
    (visit) => visit.status === 'planned' && visit.purpose === 'reassessment',
  );
  const proposeReassessment =
    canEdit &&
    family.data?.reassessment_overdue === true &&
    family.data.status !== 'archived' &&
    !reassessmentPlanned &&
    query.isSuccess;

  const columns: DataTableColumn<Visit>[] = [
    {
      id: 'date',
      header: 'التاريخ',
      card: 'title',
      cell: (row) => formatDate(row.visited_on ?? row.planned_date),
    },
    {
      id: 'purpose',
      header: 'الغرض',
      card: true,
      cell: (row) => labelOf(VISIT_PURPOSES, row.purpose),
    },
    { id: 'researcher', header: 'الباحث', priority: 2, cell: (row) => row.researcher?.name ?? '' },
    { id: 'status', header: 'الحالة', card: true, cell: (row) => <VisitStatusBadge visit={row} /> },
    {
      id: 'outcome',
      header: 'النتيجة',
      priority: 2,
      cell: (row) => (row.outcome ? labelOf(VISIT_OUTCOMES, row.outcome) : ''),
    },
  ];
  if (canEdit) {
    columns.push({
      id: 'actions',
      header: 'إجراءات',
      card: true,
      cell: (row) => (
        <Actions>
          <Button size="sm" icon="check" onClick={() => setOpen({ visit: row, mode: 'record' })}>
            {row.status === 'done' ? 'تعديل النتيجة' : 'تسجيل الزيارة'}
          </Button>
          {row.status === 'planned' ? (
            <Button
              size="sm"
              variant="secondary"
              icon="calendar"
              onClick={() => setOpen({ visit: row, mode: 'reschedule' })}
            >
              إعادة جدولة
            </Button>
          ) : null}
        </Actions>
      ),
    });
  }

  return (
    <>
      {proposeReassessment ? (
        <Notice
          tone="warning"
          action={
            <Button
              size="sm"
              icon="calendar"
              onClick={() => setPlanning({ familyId, purpose: 'reassessment', researcherId })}
            >
              خطط زيارة
            </Button>
          }
        >
          فات موعد إعادة تقييم الأسرة ولا توجد زيارة إعادة تقييم مخططة.
        </Notice>
      ) : null}
      <DataTable
        caption="زيارات الأسرة الميدانية"
        columns={columns}
        rows={visits}
        rowKey="id"
        loading={query.isPending}
        loadingLabel="جارٍ تحميل زيارات الأسرة..."
        emptyTitle={FAMILY_VISITS_EMPTY}
      />
      <Footer>
        <span>{visits.length > 0 ? countOf(visits.length, 'visit') : null}</span>
        <Actions>
          {visits.length > 0 ? (
            <ButtonLink
              to={familyVisitsPath(familyId)}
              variant="secondary"
              size="sm"
              icon="calendar"
            >
              كل زيارات الأسرة
            </ButtonLink>
          ) : null}
          {canEdit ? (
            <Button
              size="sm"
              icon="plus"
              onClick={() => setPlanning({ familyId, purpose: 'follow_up', researcherId })}
            >
              خطط زيارة
            </Button>
          ) : null}
        </Actions>
      </Footer>
      <PlanVisitDialog target={planning} onClose={() => setPlanning(null)} />
      <VisitDialog
        visit={open?.visit ?? null}
        mode={open?.mode ?? 'record'}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
