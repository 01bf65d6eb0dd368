import { countOf } from 'shared-contracts';
import {
  SURVEY_NOUNS,
  SURVEY_QUESTION_TYPES,
  surveyLabel,
  type SurveyQuestionSummary,
  type SurveySummary,
} from 'shared-contracts/engagement';
import {
  Card,
  DescriptionList,
  EmptyState,
  Muted,
  SectionTitle,
  Stack,
  SubTitle,
  formatNumber,
} from 'shared-ui';
import { BarChart, DoughnutChart } from 'shared-ui/charts';

/** One question's figures: how many answered, the average for numbers and ratings, the distribution as a chart with its table, the latest texts. */
function QuestionSummary({
  question,
  version,
}: {
  question: SurveyQuestionSummary;
  version: number;
}) {
  const items = [
    { label: 'نوع السؤال', value: surveyLabel(SURVEY_QUESTION_TYPES, question.type) },
    { label: 'عدد الإجابات', value: countOf(question.answered, SURVEY_NOUNS.answer) },
  ];
  if (question.average !== null) {
    items.push({ label: 'المتوسط', value: formatNumber(question.average) });
    items.push({
      label: 'أقل قيمة / أعلى قيمة',
      value: `${formatNumber(question.min ?? 0)} / ${formatNumber(question.max ?? 0)}`,
    });
  }
  const chartData = {
    labels: question.distribution.map((entry) => entry.label),
    series: [{ label: 'عدد الإجابات', values: question.distribution.map((entry) => entry.count) }],
  };
  const title = `${question.label} — الإصدار ${version}`;
  return (
    <Card as="article" aria-label={title}>
      <SubTitle>{question.label}</SubTitle>
      <DescriptionList items={items} />
      {question.distribution.length > 0 && question.answered > 0 ? (
        question.type === 'yes_no' ? (
          <DoughnutChart
            title={title}
            data={chartData}
            categoryLabel="الإجابة"
            showTitle={false}
            height={220}
          />
        ) : (
          <BarChart
            title={title}
            data={chartData}
            categoryLabel="الإجابة"
            showTitle={false}
            height={220}
          />
        )
      ) : null}
      {question.samples.length > 0 ? (
        <>
          <Muted>أحدث الإجابات:</Muted>
          <ul>
            {question.samples.map((sample, index) => (
              <li key={index}>{sample}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

/**
 * The survey's answers per question, one section per template version answered (oldest first):
 * a question's wording and options are those of the version its respondents saw.
 */
export function SurveySummaryView({ summary }: { summary: SurveySummary }) {
  if (summary.responses === 0)
    return <EmptyState title="لا توجد ردود بعد" description="تظهر النتائج هنا بعد تسجيل أول رد." />;
  return (
    <Stack>
      {summary.versions.map((version) => (
        <section key={version.version_id} aria-labelledby={`summary-version-${version.version}`}>
          <SectionTitle id={`summary-version-${version.version}`}>
            {`إجابات الإصدار ${version.version} (${countOf(version.responses, SURVEY_NOUNS.response)})`}
          </SectionTitle>
          <Stack $gap="md">
            {version.questions.map((question) => (
              <QuestionSummary key={question.key} question={question} version={version.version} />
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
