import { useParams, useSearchParams } from 'react-router-dom';
import { PageHeader, RecordFromRoute } from 'shared-ui';
import { SERVICE_RECORD } from '../api/services-api';
import { ServiceForm } from '../components/service-form';

/** A positive record id from the address, or null. */
function idParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /services/create and /services/edit/:id: one page, told apart by the route's `:id`. A new
 * service may name its family in the address (`?family_id=7`, from the family page).
 */
export default function ServicesFormPage() {
  const [searchParams] = useSearchParams();
  if (useParams().id === undefined) {
    return (
      <>
        <PageHeader title="طلب خدمة" description="طلب خدمة لأسرة معتمدة أو لأحد أفرادها." />
        <ServiceForm service={null} familyId={idParam(searchParams.get('family_id'))} />
      </>
    );
  }
  return (
    <RecordFromRoute {...SERVICE_RECORD}>
      {(service) => (
        <>
          <PageHeader title={`تعديل الخدمة: ${service.service_type.name}`} />
          <ServiceForm key={service.id} service={service} />
        </>
      )}
    </RecordFromRoute>
  );
}
