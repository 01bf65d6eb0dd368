import { useParams } from 'react-router-dom';
import { PageHeader, RecordFromRoute } from 'shared-ui';
import { SEMINAR_RECORD } from '../api/seminars-api';
import { SeminarForm } from '../components/seminar-form';

/** /seminar/create and /seminar/edit/:id: one form, told apart by the route's `:id`. */
export default function SeminarsFormPage() {
  if (useParams().id === undefined) {
    return (
      <>
        <PageHeader
          title="إضافة ندوة"
          description="ندوة توعوية أو دورة تدريبية: موعدها ومكانها وسعتها والفئة المستهدفة."
        />
        <SeminarForm seminar={null} />
      </>
    );
  }
  return (
    <RecordFromRoute {...SEMINAR_RECORD}>
      {(seminar) => (
        <>
          <PageHeader title={`تعديل الندوة: ${seminar.title}`} />
          <SeminarForm key={seminar.id} seminar={seminar} />
        </>
      )}
    </RecordFromRoute>
  );
}
