// The report kit: every report kind's pages are these, given its endpoints, filters and body,
// and the bodies and filters are built from its sections, columns, charts' data and selects.
export {
  LiveReportPage,
  type LiveReportPageProps,
  type ReportFiltersProps,
} from './live-report-page';
export { ReportArchiveListPage } from './report-archive-list-page';
export { ReportArchiveShowPage, type ReportArchiveShowPageProps } from './report-archive-show-page';
export { ReportFilterForm, type ReportFieldsProps, type ReportDraft } from './report-filter-form';
export {
  CITY_OPTIONS,
  CityDistrictSelects,
  DraftSelect,
  SeasonSelect,
} from './report-filter-fields';
export { reportParams, reportQueryFromParams, type ReportQuery } from './report-query';
export { useReport, useArchiveReport, useReportArchives, useReportArchive } from './report-hooks';
export { ReportSummary, ParameterLines, type SummaryFigure } from './report-summary';
export { TableSection } from './report-table-section';
export {
  countColumn,
  figureColumn,
  familyColumns,
  familyFileLinkColumn,
  totalsRow,
} from './report-columns';
export { chartDataOf, type RowSeries } from './report-chart-data';
