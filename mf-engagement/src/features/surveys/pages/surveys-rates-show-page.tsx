import { formatSurveyAnswer, type SurveyRateDetail } from 'shared-contracts/engagement';
import {
  Card,
  DescriptionList,
  FileNumber,
  PageButtonLink,
  PageHeader,
  PageLink,
  RecordFromRoute,
  SectionTitle,
  Stack,
  formatDateTime,
} from 'shared-ui';
import { RATE_RECORD } from '../api/surveys-api';

/** /survey/rates/show/:id: one response, read with the wording of the version it answered. */
export default function SurveysRatesShowPage() {
  return (
    <RecordFromRoute {...RATE_RECORD}>{(rate) => <RateDetails rate={rate} />}</RecordFromRoute>
  );
}

function RateDetails({ rate }: { rate: SurveyRateDetail }) {
  return (
    <Stack>
      <PageHeader
        title={`رد ${rate.family.head_name} على الاستبيان`}
        description={rate.survey.title}
        actions={
          <PageButtonLink
            pageId="surveys.rates"
            params={{ id: rate.survey.id }}
            variant="secondary"
          >
            كل الردود
          </PageButtonLink>
        }
      />
      <Card as="section" aria-labelledby="rate-details">
        <SectionTitle id="rate-details">بيانات الرد</SectionTitle>
        <DescriptionList
          items={[
            {
              label: 'الاستبيان',
              value: (
                <PageLink pageId="surveys.show" params={{ id: rate.survey.id }}>
                  {rate.survey.title}
                </PageLink>
              ),
            },
            {
              label: 'الأسرة',
              value: (
                <>
                  {rate.family.head_name} (<FileNumber value={rate.family.file_number} />)
                </>
              ),
            },
            { label: 'الفرد', value: rate.member?.name },
            { label: 'إصدار القالب', value: `الإصدار ${rate.version.version}` },
            { label: 'جامع البيانات', value: rate.collected_by?.name },
            { label: 'تاريخ التعبئة', value: formatDateTime(rate.collected_at) },
          ]}
        />
      </Card>
      <Card as="section" aria-labelledby="rate-answers">
        <SectionTitle id="rate-answers">الإجابات</SectionTitle>
        <DescriptionList
          layout="rows"
          items={rate.version.questions.map((question) => ({
            label: question.label,
            value: formatSurveyAnswer(question, rate.answers[question.key]),
          }))}
        />
      </Card>
    </Stack>
  );
}
