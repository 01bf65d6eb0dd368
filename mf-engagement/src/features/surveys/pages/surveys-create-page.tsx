import { PageHeader } from 'shared-ui';
import { SurveyForm } from '../components/survey-form';

/** /survey/create: a template version applied to a group over a period. */
export default function SurveysCreatePage() {
  return (
    <>
      <PageHeader
        title="إنشاء استبيان"
        description="اختر قالباً منشوراً والمجموعة المستهدفة وفترة الاستبيان."
      />
      <SurveyForm survey={null} />
    </>
  );
}
