import { medicalReportEndpoints } from 'shared-contracts/reports';
import { MedicalBody } from '../components/medical-body';
import { ReportArchiveShowPage } from '../kit';

/**
 * /reports/medical/archive/:id: an archived medical report, exactly as stored; the individuals
 * only when this employee may see medical fields, whoever archived it.
 */
export default function ReportsMedicalArchiveShowPage() {
  return (
    <ReportArchiveShowPage kind="medical" endpoints={medicalReportEndpoints} body={MedicalBody} />
  );
}
