import { RecordFromRoute } from 'shared-ui';
import { FAMILY_RECORD } from '../api/families-api';
import { FamilyEditForm } from '../components/family-edit-form';

/** /families/edit/:id: the family's sections as one form, prefilled and saved with PUT. */
export default function FamiliesEditPage() {
  return (
    <RecordFromRoute {...FAMILY_RECORD} loadingLabel="جارٍ تحميل بيانات الأسرة...">
      {(family) => <FamilyEditForm key={family.id} family={family} />}
    </RecordFromRoute>
  );
}
