// The reports' machinery: each kind (computation, export rows, archives), the archive write and
// the commands of a kind's six endpoints.
export { createArchive } from './archives';
export { familyNeedsKind } from './kinds/family-needs';
export { financialServicesKind } from './kinds/financial-services';
export { medicalKind } from './kinds/medical';
export { seminarKind } from './kinds/seminar';
export { servicesKind } from './kinds/services';
export { surveyKind } from './kinds/survey';
export {
  archiveReport,
  exportArchive,
  exportReport,
  inReportTransaction,
  showArchive,
  showReport,
  type ListedReportKind,
  type ReportAnswer,
  type ReportFilters,
  type ReportKindDefinition,
  type ReportViewer,
} from './report-kind';
