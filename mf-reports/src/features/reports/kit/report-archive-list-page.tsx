import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { countOf, type PageId, type ReportKind } from 'shared-contracts';
import {
  reportArchiveListQuery,
  type ReportArchiveItem,
  type ReportEndpoints,
} from 'shared-contracts/reports';
import {
  Button,
  Card,
  CheckboxField,
  DateField,
  LoadingState,
  PageButtonLink,
  PageHeader,
  PageLink,
  Pagination,
  QueryErrorState,
  Stack,
  formatDate,
  pageTitle,
  formatDateTime,
  formatNumber,
  useCurrentEmployee,
  ReportTable,
  type ReportColumn,
} from 'shared-ui';
import { useReportArchives } from './report-hooks';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
`;

const PER_PAGE = 50;

/** «نسخة مؤرشفة» counted in Arabic (نسختان، 3 نسخ، 11 نسخة). */
const ARCHIVE_NOUN = {
  one: 'نسخة مؤرشفة',
  two: 'نسختان مؤرشفتان',
  few: 'نسخ مؤرشفة',
  many: 'نسخة مؤرشفة',
  other: 'نسخة مؤرشفة',
  gender: 'feminine',
  zero: 'لا توجد نسخ مؤرشفة',
} as const;

function columnsOf(
  kind: ReportKind,
  rowsHeader: string,
): readonly ReportColumn<ReportArchiveItem>[] {
  return [
    {
      id: 'title',
      header: 'العنوان',
      rowHeader: true,
      cell: (row) => (
        <PageLink pageId={`reports.${kind}.archive-show` as PageId} params={{ id: row.id }}>
          {row.title}
        </PageLink>
      ),
    },
    {
      id: 'period',
      header: 'الفترة',
      cell: (row) => `${formatDate(row.period_from)} — ${formatDate(row.period_to)}`,
    },
    { id: 'rows', header: rowsHeader, align: 'end', cell: (row) => formatNumber(row.row_count) },
    { id: 'by', header: 'أرشفه', cell: (row) => row.created_by?.name ?? '—' },
    {
      id: 'at',
      header: 'تاريخ الأرشفة',
      nowrap: true,
      cell: (row) => formatDateTime(row.created_at),
    },
  ];
}

/**
 * /reports/<kind>/archive: the archived copies of a report, newest first, filtered by period
 * (archives whose period overlaps it) and author («ما أرشفته أنا»), in the address.
 */
export function ReportArchiveListPage({
  kind,
  endpoints,
  rowsHeader,
}: {
  kind: ReportKind;
  endpoints: ReportEndpoints;
  /** What an archive's row count counts («الأسر», «الخدمات»). */
  rowsHeader: string;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = reportArchiveListQuery.fromParams(searchParams);
  const { data: me } = useCurrentEmployee();
  const [from, setFrom] = useState(state.filter.from ?? '');
  const [to, setTo] = useState(state.filter.to ?? '');
  const mine = me !== undefined && state.filter.created_by === me.id;
  const params = reportArchiveListQuery.toParams({ ...state, per_page: PER_PAGE });
  const list = useReportArchives(endpoints, params);
  const navigate = (next: Parameters<typeof reportArchiveListQuery.toParams>[0]) =>
    setSearchParams(reportArchiveListQuery.toParams(next));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    navigate({
      ...state,
      page: 1,
      filter: { ...state.filter, from: from || undefined, to: to || undefined },
    });
  };
  const total = list.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));

  return (
    <Stack>
      <PageHeader
        title={`أرشيف ${pageTitle(`reports.${kind}` as PageId)}`}
        description="نسخ محفوظة كما كانت يوم أرشفتها، لا تتغير بتغير البيانات"
        actions={
          <PageButtonLink pageId={`reports.${kind}` as PageId} icon="reports" variant="secondary">
            التقرير الحي
          </PageButtonLink>
        }
      />
      <Card>
        <Form aria-label="تصفية الأرشيف" onSubmit={apply} noValidate>
          <DateField
            label="الفترة من"
            showHijri={false}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
          />
          <DateField
            label="إلى"
            showHijri={false}
            value={to}
            onChange={(event) => setTo(event.target.value)}
          />
          <CheckboxField
            label="ما أرشفته أنا"
            checked={mine}
            onChange={(event) =>
              navigate({
                ...state,
                page: 1,
                filter: {
                  ...state.filter,
                  created_by: event.target.checked && me ? me.id : undefined,
                },
              })
            }
          />
          <Button type="submit" icon="filter">
            تصفية
          </Button>
        </Form>
      </Card>
      {list.isPending ? (
        <LoadingState label="جارٍ تحميل الأرشيف..." />
      ) : list.isError && !list.data ? (
        <QueryErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data ? (
        <Card>
          <Stack $gap="md">
            <ReportTable
              caption={countOf(total, ARCHIVE_NOUN)}
              columns={columnsOf(kind, rowsHeader)}
              rows={list.data.data}
              rowKey={(row) => row.id}
              empty="لا توجد نسخ مؤرشفة تطابق التصفية"
            />
            {pages > 1 ? (
              // The one pager of the app, its arrows right to left.
              <Pagination
                page={state.page}
                lastPage={pages}
                onPageChange={(page) => navigate({ ...state, page })}
              />
            ) : null}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
