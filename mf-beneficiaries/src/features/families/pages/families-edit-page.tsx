import { useParams } from 'react-router-dom';
import { QueryView } from 'shared-ui';
import { useFamily } from '../api/family-queries';
import { FamilyEditForm } from '../components/family-edit-form';

/** /families/edit/:id: the family's sections as one form, prefilled and saved with PUT. */
export default function FamiliesEditPage() {
  const query = useFamily(Number(useParams().id));
  return (
    <QueryView
      query={query}
      loadingLabel="جارٍ تحميل بيانات الأسرة..."
      notFoundTitle="الأسرة غير موجودة"
    >
      {({ family }) => <FamilyEditForm key={family.id} family={family} />}
    </QueryView>
  );
}
