import { seminarReportEndpoints, seminarReportQuerySchema } from 'shared-contracts/reports';
import { SeminarBody } from '../components/seminar-body';
import { SeminarFilters } from '../components/seminar-filters';
import { LiveReportPage } from '../kit';

/**
 * /reports/seminar: the seminars of the period, their registrations and attendance rates, the
 * audience by sex and age band, per type and axis (the kit gives print, export and archiving).
 */
export default function ReportsSeminarPage() {
  return (
    <LiveReportPage
      kind="seminar"
      endpoints={seminarReportEndpoints}
      schema={seminarReportQuerySchema}
      filters={SeminarFilters}
      body={SeminarBody}
      loadingLabel="جارٍ حساب تقرير الندوات..."
    />
  );
}
