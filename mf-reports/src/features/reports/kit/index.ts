// The report kit: every report kind's pages are these, given its endpoints, filters and body.
export { LiveReportPage, type LiveReportPageProps } from './live-report-page';
export { ReportArchiveListPage } from './report-archive-list-page';
export { ReportArchiveShowPage, type ReportArchiveShowPageProps } from './report-archive-show-page';
export { ReportFilterForm, type ReportFieldsProps, type ReportDraft } from './report-filter-form';
export { reportParams, reportQueryFromParams, type ReportQuery } from './report-query';
export { useReport, useArchiveReport, useReportArchives, useReportArchive } from './report-hooks';
