// The reports' machinery: each kind (computation, export rows, archives) and the archive write.
export { createArchive } from './archives';
export { familyNeedsKind } from './kinds/family-needs';
export { financialServicesKind } from './kinds/financial-services';
export { medicalKind } from './kinds/medical';
export { seminarKind } from './kinds/seminar';
export { servicesKind } from './kinds/services';
export { surveyKind } from './kinds/survey';
export { inReportTransaction, type RegisteredReportKind } from './report-kind';
