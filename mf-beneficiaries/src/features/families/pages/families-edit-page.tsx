import { useParams } from 'react-router-dom';
import { LoadingState } from 'shared-ui';
import { QueryError } from '../../../lib/components/query-states';
import { useFamily } from '../api/family-queries';
import { FamilyEditForm } from '../components/family-edit-form';

/** /families/edit/:id: the family's sections as one form, prefilled and saved with PUT. */
export default function FamiliesEditPage() {
  const id = Number(useParams().id);
  const query = useFamily(id);
  if (query.isPending) return <LoadingState label="جارٍ تحميل بيانات الأسرة..." />;
  if (query.isError)
    return (
      <QueryError
        error={query.error}
        onRetry={() => void query.refetch()}
        notFoundTitle="الأسرة غير موجودة"
      />
    );
  return <FamilyEditForm key={query.data.family.id} family={query.data.family} />;
}
