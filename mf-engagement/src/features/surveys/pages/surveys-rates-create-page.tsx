import { Notice, PageButtonLink, PageHeader, RecordFromRoute, Stack } from 'shared-ui';
import { SURVEY_RECORD } from '../api/surveys-api';
import { SurveyRateForm } from '../components/survey-rate-form';

/** /survey/rates/:id/create: fills survey :id for one respondent. */
export default function SurveysRatesCreatePage() {
  return (
    <RecordFromRoute {...SURVEY_RECORD}>
      {(survey) => (
        <Stack>
          <PageHeader
            title={`تعبئة الاستبيان: ${survey.title}`}
            description={`${survey.template.title} — الإصدار ${survey.template_version.version}`}
          />
          {survey.status === 'open' ? (
            <SurveyRateForm key={`${survey.id}-${survey.version.id}`} survey={survey} />
          ) : (
            <Notice
              tone="warning"
              action={
                <PageButtonLink
                  pageId="surveys.show"
                  params={{ id: survey.id }}
                  variant="secondary"
                >
                  العودة إلى الاستبيان
                </PageButtonLink>
              }
            >
              الاستبيان مغلق، لا تُسجَّل فيه ردود جديدة.
            </Notice>
          )}
        </Stack>
      )}
    </RecordFromRoute>
  );
}
