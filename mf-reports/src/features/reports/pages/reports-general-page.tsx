import styled from 'styled-components';
import { REPORT_KINDS, type PageId, type ReportKind } from 'shared-contracts';
import { isBuiltReportKind } from 'shared-contracts/reports';
import {
  Card,
  Muted,
  PageHeader,
  PageLink,
  SectionTitle,
  Stack,
  pageHeader,
  pageTitle,
  useCanVisit,
} from 'shared-ui';

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  list-style: none;
  margin: 0;
  padding: 0;
`;

function ReportCard({ kind }: { kind: ReportKind }) {
  const reportPage = `reports.${kind}` as PageId;
  const archivePage = `reports.${kind}.archive` as PageId;
  const title = pageTitle(reportPage);
  const built = isBuiltReportKind(kind);
  return (
    <li>
      <Card as="section" aria-label={title}>
        <Stack $gap="sm">
          <SectionTitle>
            <PageLink pageId={reportPage}>{title}</PageLink>
          </SectionTitle>
          <PageLink pageId={archivePage}>الأرشيف</PageLink>
          {built ? null : <Muted>قيد الإنشاء: لم يُبنَ هذا التقرير ولا أرشيفه بعد.</Muted>}
        </Stack>
      </Card>
    </li>
  );
}

/** A report the employee may open (the route table's rule for its page). */
function VisibleReport({ kind }: { kind: ReportKind }) {
  return useCanVisit(`reports.${kind}` as PageId) ? <ReportCard kind={kind} /> : null;
}

/**
 * /reports: the six reports the employee may open, each with its title from the route table, a
 * link to it and to its archive; the ones not built yet say so.
 */
export default function ReportsGeneralPage() {
  return (
    <Stack>
      <PageHeader {...pageHeader('reports.general')} />
      <List>
        {REPORT_KINDS.map((kind) => (
          <VisibleReport key={kind} kind={kind} />
        ))}
      </List>
    </Stack>
  );
}
