import { medicalQuerySchema, medicalReportEndpoints } from 'shared-contracts/reports';
import { MedicalBody } from '../components/medical-body';
import { MedicalFilters } from '../components/medical-filters';
import { LiveReportPage } from '../kit';

/**
 * /reports/medical: members' health conditions and disabilities and the medical services,
 * aggregated; the list of individuals only for an employee who may see medical fields (the API
 * leaves it out otherwise, and logs every answer that holds it).
 */
export default function ReportsMedicalPage() {
  return (
    <LiveReportPage
      kind="medical"
      endpoints={medicalReportEndpoints}
      schema={medicalQuerySchema}
      filters={MedicalFilters}
      body={MedicalBody}
      loadingLabel="جارٍ حساب التقرير الطبي..."
    />
  );
}
