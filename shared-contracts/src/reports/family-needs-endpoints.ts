import { familyNeedsFilters, familyNeedsReportSchema } from './family-needs';
import { defineReportEndpoints } from './report-kind';

/** The family-needs report and its archives (report-kind.ts gives the six endpoints). */
export const familyNeedsReportEndpoints = defineReportEndpoints('family-needs', {
  title: 'تقرير احتياجات الأسر',
  filters: familyNeedsFilters,
  report: familyNeedsReportSchema,
});
