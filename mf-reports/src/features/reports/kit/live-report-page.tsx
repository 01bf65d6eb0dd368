import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { pathTo, type PageId, type ReportKind } from 'shared-contracts';
import type { ReportEndpoints } from 'shared-contracts/reports';
import {
  Button,
  Card,
  ConfirmDialog,
  ExportButton,
  IRREVERSIBLE_NOTE,
  LoadingState,
  QueryErrorState,
  pageTitle,
  useCanCall,
  useSaveErrorHandler,
  useToast,
} from 'shared-ui';
import { useArchiveReport, useReport } from './report-hooks';
import { ReportPageFrame } from './report-page-frame';
import { reportParams, reportQueryFromParams, type ReportQuery } from './report-query';

/** A report kind's filter form: the query it shows, and what to do with the one applied. */
export interface ReportFiltersProps<Q extends ReportQuery> {
  readonly query: Q;
  readonly onChange: (query: Q) => void;
}

export interface LiveReportPageProps<Q extends ReportQuery, R> {
  readonly kind: ReportKind;
  readonly endpoints: ReportEndpoints;
  /** The kind's query schema (`<kind>ReportEndpoints.show.query`'s typed twin). */
  readonly schema: z.ZodType<Q>;
  /** The period the page opens on when the address names none (the current month). */
  readonly fallback?: () => Q;
  /** The kind's filter form (usually a `ReportFilterForm`). */
  readonly filters: (props: ReportFiltersProps<Q>) => ReactNode;
  /** The report's body: summary, charts, tables. The same component renders an archive. */
  readonly body: (props: { report: R }) => ReactNode;
  readonly loadingLabel?: string;
}

/**
 * /reports/<kind>: the live report for the filters in the address, with its print (A4, only
 * the report), XLSX export, «أرشفة التقرير» (stores the report as it is now and links to the
 * stored copy) and a link to the archive. Every report page is this page with its filters and
 * body.
 */
export function LiveReportPage<Q extends ReportQuery, R>({
  kind,
  endpoints,
  schema,
  fallback,
  filters: Filters,
  body: Body,
  loadingLabel = 'جارٍ حساب التقرير...',
}: LiveReportPageProps<Q, R>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = reportQueryFromParams(schema, searchParams, fallback);
  const report = useReport(endpoints, query);
  const archive = useArchiveReport(endpoints);
  const canArchive = useCanCall(endpoints.archive);
  const { toast } = useToast();
  const handleError = useSaveErrorHandler(() => undefined, 'تعذرت أرشفة التقرير');
  const archived = archive.data?.data;
  // An archived copy is kept as it is (it cannot be deleted or changed): archiving asks first.
  const [confirming, setConfirming] = useState(false);
  const title = pageTitle(`reports.${kind}` as PageId);

  return (
    <ReportPageFrame
      kind={kind}
      title={title}
      period={query}
      archiveLinkIcon="reports"
      actions={
        <>
          <ExportButton
            endpoint={endpoints.export}
            filePrefix={kind}
            params={reportParams(query)}
          />
          {canArchive ? (
            <>
              <Button icon="inbox" loading={archive.isPending} onClick={() => setConfirming(true)}>
                أرشفة التقرير
              </Button>
              <ConfirmDialog
                open={confirming}
                title="أرشفة التقرير؟"
                message={`تُحفظ نسخة من التقرير كما هو الآن بفترته وعوامل تصفيته، ولا تُعدَّل النسخة ولا تُحذف بعد ذلك. ${IRREVERSIBLE_NOTE}`}
                confirmLabel="أرشفة التقرير"
                busy={archive.isPending}
                onCancel={() => setConfirming(false)}
                onConfirm={() =>
                  archive.mutate(query, {
                    onSuccess: (answer) => toast({ title: answer.message ?? 'تمت أرشفة التقرير' }),
                    onError: (error) => void handleError(error),
                    onSettled: () => setConfirming(false),
                  })
                }
              />
            </>
          ) : null}
        </>
      }
    >
      {archived ? (
        <Card data-print-hide="" role="status">
          {'تمت الأرشفة: '}
          <Link to={pathTo(`reports.${kind}.archive-show` as PageId, { id: archived.id })}>
            {archived.title}
          </Link>
        </Card>
      ) : null}
      <Card data-print-hide="">
        <Filters
          query={query}
          onChange={(next) => setSearchParams(new URLSearchParams(reportParams(next)))}
        />
      </Card>
      {report.isPending ? (
        <LoadingState label={loadingLabel} />
      ) : report.isError && !report.data ? (
        <QueryErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : report.data ? (
        // The answer was parsed by the kind's report schema (the endpoint's response).
        <Body report={report.data.data as R} />
      ) : null}
    </ReportPageFrame>
  );
}
