import { SURVEY_RATE_MESSAGES, surveyEnded, surveyStatusOn } from 'shared-contracts/engagement';
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
          {surveyStatusOn(survey) === 'open' ? (
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
              {surveyEnded(survey)
                ? SURVEY_RATE_MESSAGES.surveyEnded
                : SURVEY_RATE_MESSAGES.surveyClosed}
            </Notice>
          )}
        </Stack>
      )}
    </RecordFromRoute>
  );
}
