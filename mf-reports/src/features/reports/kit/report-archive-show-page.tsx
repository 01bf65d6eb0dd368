import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { ReportKind } from 'shared-contracts';
import type { ReportArchiveItem, ReportEndpoints } from 'shared-contracts/reports';
import { Card, ExportButton, LoadingState, Muted, QueryErrorState, archivedMark } from 'shared-ui';
import { ReportPageFrame } from './report-page-frame';
import { useReportArchive } from './report-hooks';

/** A snapshot states its period (report-kind.ts of the contracts). */
interface Snapshot {
  readonly period: { from: string; to: string };
}

export interface ReportArchiveShowPageProps<R extends Snapshot> {
  readonly kind: ReportKind;
  readonly endpoints: ReportEndpoints;
  /** The report's body: the same component as the live page's. */
  readonly body: (props: { report: R }) => ReactNode;
  /** What else the archive's note says (the calorie settings version of family needs). */
  readonly note?: (report: R) => string;
}

function ArchiveView<R extends Snapshot>({
  kind,
  endpoints,
  body: Body,
  note,
  archive,
  snapshot,
}: ReportArchiveShowPageProps<R> & { archive: ReportArchiveItem; snapshot: R }) {
  const { period } = snapshot;
  const extra = note ? ` ${note(snapshot)}،` : '';
  return (
    <ReportPageFrame
      kind={kind}
      title={archive.title}
      period={period}
      archivedAt={archive.created_at}
      archiveLinkIcon="inbox"
      actions={
        <ExportButton
          endpoint={endpoints.archiveExport}
          pathParams={{ id: archive.id }}
          filePrefix={`${kind}-archive-${archive.id}`}
          params={{}}
        />
      }
    >
      <Card role="note" aria-label="نسخة مؤرشفة">
        <strong>{archivedMark(archive.created_at)}</strong>
        <Muted>
          {`أرشفها ${archive.created_by?.name ?? '—'}. الأرقام كما حُسبت يوم الأرشفة،${extra} ولا تتغير بتغير البيانات بعدها.`}
        </Muted>
      </Card>
      <Body report={snapshot} />
    </ReportPageFrame>
  );
}

/**
 * /reports/<kind>/archive/:id: an archived report rendered from its snapshot exactly as stored
 * (never recomputed), marked as an archive of its date, with its export and print.
 */
export function ReportArchiveShowPage<R extends Snapshot>(props: ReportArchiveShowPageProps<R>) {
  const { id } = useParams();
  const numeric = Number(id);
  const query = useReportArchive(
    props.endpoints,
    Number.isInteger(numeric) && numeric > 0 ? numeric : 0,
  );
  if (query.isPending) return <LoadingState label="جارٍ تحميل النسخة المؤرشفة..." />;
  if (query.isError || !query.data)
    return <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const archive = query.data.data;
  // The snapshot was parsed by the kind's archive schema (the endpoint's response).
  return <ArchiveView {...props} archive={archive} snapshot={archive.snapshot as R} />;
}
