import { countOf } from 'shared-contracts';
import {
  SURVEY_GROUP_KINDS,
  SURVEY_NOUNS,
  SURVEY_TARGETS,
  surveyEndpoints,
  surveyLabel,
  surveyStatusOn,
  type SurveyDetail,
} from 'shared-contracts/engagement';
import {
  Card,
  DescriptionList,
  ExportButton,
  PageButtonLink,
  PageHeader,
  QueryView,
  RecordFromRoute,
  SectionTitle,
  Stack,
  formatDateDual,
} from 'shared-ui';
import { SURVEY_RECORD, useSurveySummary } from '../api/surveys-api';
import { SurveyStatusBadge } from '../components/survey-badges';
import { SurveySummaryView } from '../components/survey-summary';

/** /survey/show/:id: the survey, its actions, and the summary of its answers per question (with the export). */
export default function SurveysShowPage() {
  return (
    <RecordFromRoute {...SURVEY_RECORD}>
      {(survey) => <SurveyDetails survey={survey} />}
    </RecordFromRoute>
  );
}

function SurveyDetails({ survey }: { survey: SurveyDetail }) {
  const summary = useSurveySummary(survey.id);
  return (
    <Stack>
      <PageHeader
        title={survey.title}
        description={<SurveyStatusBadge status={survey.status} />}
        actions={
          <>
            {surveyStatusOn(survey) === 'open' ? (
              <PageButtonLink pageId="surveys.rates.create" params={{ id: survey.id }} icon="plus">
                تعبئة الاستبيان
              </PageButtonLink>
            ) : null}
            <PageButtonLink
              pageId="surveys.rates"
              params={{ id: survey.id }}
              variant="secondary"
              icon="inbox"
            >
              الردود ({countOf(survey.responses_count, SURVEY_NOUNS.response)})
            </PageButtonLink>
            <PageButtonLink
              pageId="surveys.edit"
              params={{ id: survey.id }}
              variant="secondary"
              icon="edit"
            >
              تعديل
            </PageButtonLink>
            <ExportButton
              endpoint={surveyEndpoints.summaryExport}
              pathParams={{ id: survey.id }}
              filePrefix={`survey-${survey.id}-answers`}
              params={{}}
              label="تصدير الإجابات إلى إكسل"
            />
          </>
        }
      />
      <Card as="section" aria-labelledby="survey-details">
        <SectionTitle id="survey-details">بيانات الاستبيان</SectionTitle>
        <DescriptionList
          items={[
            { label: 'النوع', value: survey.survey_type.name },
            {
              label: 'القالب',
              value: `${survey.template.title} — الإصدار ${survey.template_version.version}`,
            },
            { label: 'المستجيب', value: surveyLabel(SURVEY_TARGETS, survey.template.target) },
            {
              label: 'المستهدفون',
              value: `${surveyLabel(SURVEY_GROUP_KINDS, survey.group_kind)}: ${survey.group.name}`,
            },
            {
              label: 'الفترة',
              value: `${formatDateDual(survey.starts_on)} — ${formatDateDual(survey.ends_on)}`,
            },
            { label: 'الوصف', value: survey.description },
          ]}
        />
      </Card>
      <Card as="section" aria-labelledby="survey-summary">
        <SectionTitle id="survey-summary">ملخص الإجابات</SectionTitle>
        <QueryView query={summary} loadingLabel="جارٍ تحميل ملخص الإجابات...">
          {(data) => <SurveySummaryView summary={data} />}
        </QueryView>
      </Card>
    </Stack>
  );
}
