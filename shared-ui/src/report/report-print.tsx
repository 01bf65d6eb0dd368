import styled, { createGlobalStyle } from 'styled-components';
import { useCurrentEmployee } from '../api/use-current-employee';
import { formatDate, formatDateTime } from '../format/format';

/** The attribute marking what prints: the report and nothing else of the page (shell included). */
export const PRINT_ROOT = 'data-report-print-root';

/** The organisation the printed report names (there is no organisation-name setting yet). */
export const REPORT_ORGANISATION_NAME = 'جمعية عطاء الخيرية';

/**
 * The A4 print layout, active while the report page is shown: only the report prints (every
 * element that neither is, contains nor is inside it is hidden; its ancestors lose their layout
 * so it takes the page's width), page numbers in the bottom margin («صفحة 2 من 5»), table heads
 * repeated on each page, and no row, figure or small section cut across pages.
 */
export const ReportPrintStyles = createGlobalStyle`
  @media print {
    @page {
      size: A4 portrait;
      margin: 14mm 12mm 16mm;
      @bottom-center {
        content: "صفحة " counter(page) " من " counter(pages);
        font-family: ${({ theme }) => theme.font.family};
        font-size: 9pt;
      }
    }
    html, body {
      background: #fff !important;
      color: #000 !important;
    }
    body *:not(:has([${PRINT_ROOT}])):not([${PRINT_ROOT}]):not([${PRINT_ROOT}] *) {
      display: none !important;
    }
    body *:has([${PRINT_ROOT}]) {
      display: block !important;
      position: static !important;
      margin: 0 !important;
      padding: 0 !important;
      border: 0 !important;
      inline-size: auto !important;
      max-inline-size: none !important;
      min-block-size: 0 !important;
      block-size: auto !important;
      overflow: visible !important;
      background: none !important;
      box-shadow: none !important;
      transform: none !important;
    }
    [${PRINT_ROOT}] {
      font-size: 10.5pt;
    }
    /* Paper is white whatever the screen's theme: black text, no screen surfaces. */
    [${PRINT_ROOT}],
    [${PRINT_ROOT}] * {
      color: #000 !important;
      background-color: transparent !important;
    }
    [${PRINT_ROOT}] [data-print-hide] {
      display: none !important;
    }
    [${PRINT_ROOT}] section {
      box-shadow: none !important;
      break-inside: auto;
    }
    [${PRINT_ROOT}] tr,
    [${PRINT_ROOT}] figure,
    [${PRINT_ROOT}] [data-print-keep] {
      break-inside: avoid;
    }
    [${PRINT_ROOT}] thead {
      display: table-header-group;
    }
    [${PRINT_ROOT}] h2,
    [${PRINT_ROOT}] h3 {
      break-after: avoid;
    }
  }
`;

const Header = styled.header`
  display: none;
  border-block-end: 2px solid #000;
  padding-block-end: 4mm;
  margin-block-end: 4mm;

  @media print {
    display: block;
  }
  .letterhead {
    margin: 0;
    font-weight: 700;
    font-size: 16pt;
  }
  dl {
    display: grid;
    grid-template-columns: repeat(2, auto 1fr);
    gap: 1mm 4mm;
    margin: 2mm 0 0;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

/**
 * The printed report's header (hidden on screen, where the page header says the same): the
 * organisation, the report's name and period, who printed it and when, and for an archive the
 * date it was archived.
 */
export function ReportPrintHeader({
  title,
  from,
  to,
  archivedAt,
}: {
  title: string;
  from: string;
  to: string;
  archivedAt?: string;
}) {
  const { data: me } = useCurrentEmployee();
  return (
    <Header data-report-print-header="">
      {/* A letterhead, not a heading: hidden on screen, it must not become the page's first heading. */}
      <p className="letterhead">{REPORT_ORGANISATION_NAME}</p>
      <p>{title}</p>
      <dl>
        <dt>الفترة</dt>
        <dd>{`من ${formatDate(from)} إلى ${formatDate(to)}`}</dd>
        <dt>طبعه</dt>
        <dd>{me?.name ?? '—'}</dd>
        <dt>تاريخ الطباعة</dt>
        <dd>{formatDateTime(new Date())}</dd>
        {archivedAt ? (
          <>
            <dt>النسخة</dt>
            <dd>{archivedMark(archivedAt)}</dd>
          </>
        ) : null}
      </dl>
    </Header>
  );
}

/** «نسخة مؤرشفة بتاريخ …»: the mark an archive carries on screen and on paper. */
export function archivedMark(createdAt: string): string {
  return `نسخة مؤرشفة بتاريخ ${formatDateTime(createdAt)}`;
}
