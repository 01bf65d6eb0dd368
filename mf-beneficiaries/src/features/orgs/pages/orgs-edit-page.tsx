import { useParams } from 'react-router-dom';
import { LoadingState, PageHeader } from 'shared-ui';
import { QueryError } from '../../../lib/components/query-states';
import { useOrg } from '../api/orgs-api';
import { OrgForm } from '../components/org-form';

/** /orgs/edit/:id */
export default function OrgsEditPage() {
  const id = Number(useParams().id);
  const query = useOrg(id);
  if (query.isPending) return <LoadingState label="جارٍ تحميل الجهة..." />;
  if (query.isError)
    return (
      <QueryError
        error={query.error}
        onRetry={() => void query.refetch()}
        notFoundTitle="الجهة غير موجودة"
      />
    );
  return (
    <>
      <PageHeader title={`تعديل الجهة: ${query.data.name}`} />
      <OrgForm key={query.data.id} org={query.data} />
    </>
  );
}
