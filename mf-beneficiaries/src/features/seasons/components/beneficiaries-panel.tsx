import { useState } from 'react';
import {
  SEASON_BENEFICIARY_SORTABLE,
  SEASON_BENEFICIARY_STATUSES,
  SEASON_BENEFICIARY_STATUS_CODES,
  SEASON_STATUS_CAPABILITIES,
  seasonEndpoints,
  toSeasonBeneficiaryListParams,
  type Season,
  type SeasonBeneficiary,
  type SeasonBeneficiaryStatus,
} from 'shared-contracts/beneficiaries';
import { readApiError, type SortOrder } from 'shared-contracts';
import {
  Button,
  DataTable,
  ErrorState,
  ExportButton,
  FileNumber,
  FilterBar,
  LtrText,
  NationalId,
  PageLink,
  Row,
  SearchField,
  Stack,
  formatDate,
  formatNumber,
  isSortable,
  useCanCall,
  useToast,
  StatusChangeDialog,
  listFilterParams,
  useTableSelection,
} from 'shared-ui';
import {
  useExcludeBeneficiary,
  useSeasonBeneficiaries,
  type SeasonEnrolmentOutcome,
} from '../api/seasons-api';
import { DistributionDialog } from './distribution-dialog';
import { DistributionPrintView } from './distribution-print-view';
import { EnrolAllDialog, EnrolFamilyDialog, EnrolmentResultDialog } from './enrol-dialogs';
import { BeneficiaryStatusBadge } from './season-badges';
import { ItemSelect } from '../../../lib/components/item-fields';
import { MetaPagination } from './meta-pagination';
import { useSeasonBulkActions } from './season-bulk-actions';

type Sort = (typeof SEASON_BENEFICIARY_SORTABLE)[number];

/**
 * The families enrolled in a programme: enrol one or all eligible, exclude, record a handover
 * (one family, or the ticked ones at once), print the distribution list and export — each offered only when the programme's status and
 * the employee's permissions allow it.
 */
export function BeneficiariesPanel({ season }: { season: Season }) {
  const { toast } = useToast();
  const capabilities = SEASON_STATUS_CAPABILITIES[season.status];
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<SeasonBeneficiaryStatus | ''>('');
  const [sort, setSort] = useState<{ id: Sort; order: SortOrder } | undefined>();
  const [enrolOne, setEnrolOne] = useState(false);
  const [enrolAll, setEnrolAll] = useState(false);
  const [result, setResult] = useState<SeasonEnrolmentOutcome | null>(null);
  const [distributing, setDistributing] = useState<SeasonBeneficiary | null>(null);
  const [excluding, setExcluding] = useState<SeasonBeneficiary | null>(null);
  const [printing, setPrinting] = useState(false);
  const params = toSeasonBeneficiaryListParams({
    page,
    search,
    sort: sort?.id,
    order: sort?.order,
    filter: { status: status ? [status] : undefined },
  });
  const query = useSeasonBeneficiaries(season.id, params);
  const exclude = useExcludeBeneficiary(season.id);
  // Ticked rows stay across pages; another search or filter clears them.
  const selection = useTableSelection({
    total: query.data?.meta.total ?? 0,
    resetKey: JSON.stringify(listFilterParams(params)),
  });
  const bulk = useSeasonBulkActions(season, selection, params);

  const canEnrol = useCanCall(seasonEndpoints.enrol) && capabilities.enrol;
  const canExclude = useCanCall(seasonEndpoints.excludeBeneficiary) && capabilities.enrol;
  const canDistribute = useCanCall(seasonEndpoints.distribute) && capabilities.distribute;

  return (
    <Stack $gap="md">
      <Row role="toolbar" aria-label="إجراءات المستفيدين">
        {canEnrol ? (
          <>
            <Button icon="plus" onClick={() => setEnrolOne(true)}>
              تسجيل أسرة
            </Button>
            <Button variant="secondary" icon="check" onClick={() => setEnrolAll(true)}>
              تسجيل جميع المستحقين
            </Button>
          </>
        ) : null}
        <Button variant="secondary" icon="print" onClick={() => setPrinting(true)}>
          طباعة كشف التوزيع
        </Button>
        <ExportButton
          endpoint={seasonEndpoints.export}
          pathParams={{ id: season.id }}
          filePrefix={`season-${season.id}-beneficiaries`}
          params={params}
          label="تصدير المستفيدين"
        />
      </Row>
      <FilterBar label="تصفية المستفيدين">
        <SearchField
          label="بحث في المستفيدين"
          placeholder="الاسم، رقم الملف، الهوية أو القسيمة"
          value={search}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
        <ItemSelect
          label="حالة المستفيد"
          placeholder="كل الحالات"
          items={SEASON_BENEFICIARY_STATUSES}
          value={status}
          onChange={(event) => {
            const chosen = event.target.value;
            setStatus(SEASON_BENEFICIARY_STATUS_CODES.find((code) => code === chosen) ?? '');
            setPage(1);
          }}
        />
      </FilterBar>
      {query.isError && !query.data ? (
        <ErrorState
          message={readApiError(query.error).message}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          {bulk.enabled ? bulk.bar : null}
          <DataTable<SeasonBeneficiary>
            caption="الأسر المسجلة في البرنامج"
            rowKey="id"
            rowLabel={(row) => `أسرة ${row.family.head_name}`}
            {...(bulk.enabled ? { selection } : {})}
            rows={query.data?.data ?? []}
            loading={query.isFetching}
            sort={sort}
            onSortChange={(next) => {
              if (isSortable(SEASON_BENEFICIARY_SORTABLE, next.id)) {
                setSort({ id: next.id, order: next.order });
                setPage(1);
              }
            }}
            emptyTitle={search || status ? 'لا توجد أسر مطابقة' : 'لم تُسجل أي أسرة بعد'}
            emptyDescription={
              canEnrol && !search && !status ? 'سجّل أسرة أو جميع الأسر المستحقة.' : undefined
            }
            columns={[
              {
                id: 'file_number',
                header: 'رقم الملف',
                sortable: true,
                cell: (row) => (
                  <PageLink pageId="families.show" params={{ id: row.family.id }}>
                    <FileNumber value={row.family.file_number} />
                  </PageLink>
                ),
              },
              {
                id: 'head_name',
                header: 'رب الأسرة',
                sortable: true,
                cell: (row) => row.family.head_name,
              },
              {
                id: 'head_national_id',
                header: 'الهوية',
                cell: (row) => <NationalId value={row.family.head_national_id} />,
              },
              {
                id: 'members_count',
                header: 'الأفراد',
                align: 'end',
                cell: (row) => formatNumber(row.family.members_count),
              },
              {
                id: 'voucher_code',
                header: 'القسيمة',
                sortable: true,
                cell: (row) => <LtrText>{row.voucher_code}</LtrText>,
              },
              {
                id: 'status',
                header: 'الحالة',
                sortable: true,
                cell: (row) => (
                  <>
                    <BeneficiaryStatusBadge status={row.status} />
                    {row.status_reason ? ` ${row.status_reason}` : ''}
                  </>
                ),
              },
              {
                id: 'distributions',
                header: 'الصرف',
                cell: (row) =>
                  row.distributions_count === 0
                    ? 'لم يُصرف'
                    : `${formatNumber(row.distributions_count)} — آخرها ${formatDate(row.last_distributed_at)}`,
              },
              ...(canExclude || canDistribute
                ? [
                    {
                      id: 'actions',
                      header: 'إجراءات',
                      cell: (row: SeasonBeneficiary) =>
                        row.status === 'excluded' ? null : (
                          <Row>
                            {canDistribute ? (
                              <Button
                                size="sm"
                                variant="secondary"
                                aria-label={`تسجيل صرف لأسرة ${row.family.head_name}`}
                                onClick={() => setDistributing(row)}
                              >
                                تسجيل صرف
                              </Button>
                            ) : null}
                            {canExclude && row.status === 'enrolled' ? (
                              <Button
                                size="sm"
                                variant="ghost"
                                aria-label={`استبعاد أسرة ${row.family.head_name}`}
                                onClick={() => setExcluding(row)}
                              >
                                استبعاد
                              </Button>
                            ) : null}
                          </Row>
                        ),
                    },
                  ]
                : []),
            ]}
          />
          <MetaPagination meta={query.data?.meta} onPageChange={setPage} />
        </>
      )}
      <EnrolFamilyDialog
        season={season}
        open={enrolOne}
        onClose={() => setEnrolOne(false)}
        onResult={setResult}
      />
      <EnrolAllDialog
        season={season}
        open={enrolAll}
        onClose={() => setEnrolAll(false)}
        onResult={setResult}
      />
      <EnrolmentResultDialog result={result} onClose={() => setResult(null)} />
      {bulk.dialog}
      <DistributionDialog
        seasonId={season.id}
        beneficiary={distributing}
        onClose={() => setDistributing(null)}
      />
      <DistributionPrintView season={season} open={printing} onClose={() => setPrinting(false)} />
      <StatusChangeDialog
        request={
          excluding
            ? {
                title: `استبعاد أسرة «${excluding.family.head_name}» من البرنامج؟`,
                message: 'لن تظهر في كشف التوزيع ولن يُسجل لها صرف في هذا البرنامج.',
                confirmLabel: 'استبعاد',
                requireReason: true,
                destructive: true,
              }
            : null
        }
        busy={exclude.isPending}
        onCancel={() => setExcluding(null)}
        onConfirm={(reason) => {
          if (!excluding || !reason) return;
          exclude.mutate(
            { beneficiaryId: excluding.id, reason },
            {
              onSuccess: () => {
                toast({
                  title: 'استُبعدت الأسرة من البرنامج',
                  description: excluding.family.head_name,
                });
                setExcluding(null);
              },
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'تعذر الاستبعاد',
                  description: readApiError(error).message,
                }),
            },
          );
        }}
      />
    </Stack>
  );
}
