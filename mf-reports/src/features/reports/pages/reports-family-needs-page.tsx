import { familyNeedsQuerySchema, familyNeedsReportEndpoints } from 'shared-contracts/reports';
import { FamilyNeedsBody } from '../components/family-needs-body';
import { FamilyNeedsFilters } from '../components/family-needs-filters';
import { LiveReportPage } from '../kit';

/**
 * /reports/family-needs: the calorie needs of the approved families the filters select, with its
 * summary, chart per district, food basket and table (the kit gives print, export and archiving).
 */
export default function ReportsFamilyNeedsPage() {
  return (
    <LiveReportPage
      kind="family-needs"
      endpoints={familyNeedsReportEndpoints}
      schema={familyNeedsQuerySchema}
      filters={FamilyNeedsFilters}
      body={FamilyNeedsBody}
      loadingLabel="جارٍ حساب احتياجات الأسر..."
    />
  );
}
