import type { ReactNode } from 'react';
import type { PageId, ReportKind } from 'shared-contracts';
import {
  Button,
  PageButtonLink,
  PageHeader,
  PRINT_ROOT,
  ReportPrintHeader,
  ReportPrintStyles,
  Stack,
  formatDate,
  type IconName,
} from 'shared-ui';

/**
 * What a live report and an archived copy share: the part that prints (A4, nothing else of the
 * page), its printed header, and the page header (hidden on paper) with «طباعة», the page's own
 * actions and a link to the kind's archive.
 */
export function ReportPageFrame({
  kind,
  title,
  period,
  archivedAt,
  actions,
  archiveLinkIcon,
  children,
}: {
  kind: ReportKind;
  title: string;
  period: { readonly from: string; readonly to: string };
  /** An archive's date, printed in its header. */
  archivedAt?: string;
  actions: ReactNode;
  archiveLinkIcon: IconName;
  children: ReactNode;
}) {
  return (
    <Stack {...{ [PRINT_ROOT]: '' }}>
      <ReportPrintStyles />
      <ReportPrintHeader title={title} from={period.from} to={period.to} archivedAt={archivedAt} />
      <div data-print-hide="">
        <PageHeader
          title={title}
          description={`من ${formatDate(period.from)} إلى ${formatDate(period.to)}`}
          actions={
            <>
              <Button icon="print" variant="secondary" onClick={() => window.print()}>
                طباعة
              </Button>
              {actions}
              <PageButtonLink
                pageId={`reports.${kind}.archive` as PageId}
                icon={archiveLinkIcon}
                variant="secondary"
              >
                الأرشيف
              </PageButtonLink>
            </>
          }
        />
      </div>
      {children}
    </Stack>
  );
}
