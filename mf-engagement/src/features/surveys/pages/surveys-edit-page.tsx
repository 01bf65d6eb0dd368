import { PageHeader, RecordFromRoute } from 'shared-ui';
import { SURVEY_RECORD } from '../api/surveys-api';
import { SurveyForm } from '../components/survey-form';

/** /survey/edit/:id: the survey's settings (its version, group, period, open or closed). */
export default function SurveysEditPage() {
  return (
    <RecordFromRoute {...SURVEY_RECORD}>
      {(survey) => (
        <>
          <PageHeader title={`تعديل الاستبيان: ${survey.title}`} />
          <SurveyForm key={survey.id} survey={survey} />
        </>
      )}
    </RecordFromRoute>
  );
}
