import { countOf } from 'shared-contracts';
import { SURVEY_NOUNS } from 'shared-contracts/engagement';
import {
  SURVEY_NOUN,
  type SurveyReport,
  type SurveyReportQuestion,
  type SurveyReportRow,
} from 'shared-contracts/reports';
import { BarChart, LineChart } from 'shared-ui/charts';
import {
  Muted,
  PageLink,
  ReportSection,
  ReportTable,
  Stack,
  formatDate,
  formatNumber,
  monthLabel,
  type ReportColumn,
} from 'shared-ui';
import {
  ParameterLines,
  ReportSummary,
  TableSection,
  chartDataOf,
  countColumn,
  figureColumn,
  totalsRow,
} from '../kit';

/** An average (of 5 for satisfaction) or «—» when nothing was rated. */
const averageText = (value: number | null) => (value === null ? '—' : formatNumber(value));
const percentText = (value: number) => `${formatNumber(value)}٪`;

const SURVEY_COLUMNS: readonly ReportColumn<SurveyReportRow>[] = [
  {
    id: 'survey',
    header: 'الاستبيان',
    rowHeader: true,
    cell: (row) => (
      <PageLink pageId="surveys.show" params={{ id: row.survey.id }}>
        {row.survey.title}
      </PageLink>
    ),
  },
  { id: 'template', header: 'القالب', cell: (row) => row.template.title },
  { id: 'type', header: 'النوع', cell: (row) => row.survey_type },
  { id: 'status', header: 'الحالة', cell: (row) => row.status_label },
  {
    id: 'run',
    header: 'مدة الاستبيان',
    cell: (row) => `${formatDate(row.starts_on)} — ${formatDate(row.ends_on)}`,
  },
  countColumn('responses', 'الردود', (row) => row.responses),
  figureColumn('satisfaction', 'متوسط الرضا (من 5)', (row) => averageText(row.satisfaction)),
];

type Choice = SurveyReportQuestion['distribution'][number];
const CHOICE_COLUMNS: readonly ReportColumn<Choice>[] = [
  { id: 'choice', header: 'الخيار', rowHeader: true, cell: (row) => row.label },
  countColumn('count', 'العدد', (row) => row.count),
  figureColumn('percent', 'النسبة', (row) => percentText(row.percent)),
];

/** One question's results: its options' table, its average, or its texts counted. */
function QuestionResult({ question }: { question: SurveyReportQuestion }) {
  const caption = `${question.label} (${question.type_label}، الإصدار ${formatNumber(question.version)})`;
  const answered = countOf(question.answered, SURVEY_NOUNS.answer);
  return (
    <Stack $gap="sm">
      {question.distribution.length > 0 ? (
        <ReportTable
          caption={caption}
          columns={CHOICE_COLUMNS}
          rows={question.distribution}
          rowKey={(row) => row.value}
          footer={['المجيبون', formatNumber(question.answered), '']}
        />
      ) : (
        <strong>{caption}</strong>
      )}
      <Muted>
        {question.average !== null
          ? `المتوسط ${averageText(question.average)} (${answered})`
          : question.text_answers > 0
            ? `عدد الإجابات النصية: ${formatNumber(question.text_answers)} (تُقرأ في ردود الاستبيان ولا تُعرض في التقرير)`
            : answered}
      </Muted>
    </Stack>
  );
}

/**
 * A survey report as the API answered it (live) or as archived (the snapshot, never
 * recomputed): the summary, satisfaction and responses by month, the surveys, then each
 * survey's questions with their results.
 */
export function SurveyBody({ report }: { report: SurveyReport }) {
  const t = report.totals;
  const month = (row: SurveyReport['by_month'][number]) => monthLabel(row.month);
  return (
    <>
      <ReportSummary
        id="survey-summary"
        figures={[
          { label: 'الاستبيانات', value: formatNumber(t.surveys) },
          { label: 'الردود في الفترة', value: formatNumber(t.responses) },
          { label: 'متوسط الرضا (من 5)', value: averageText(t.satisfaction) },
          { label: 'إجابات التقييم', value: formatNumber(t.rating_answers) },
        ]}
      >
        <Muted>
          الرضا متوسط كل إجابات أسئلة التقييم (من 1 إلى 5) للردود المجموعة في الفترة، والنسب من عدد
          المجيبين عن السؤال.
        </Muted>
        <ParameterLines
          lines={[
            ['القالب', report.parameters.template_title],
            ['الاستبيان', report.parameters.survey_title],
          ]}
        />
      </ReportSummary>
      <ReportSection id="survey-months" title="الرضا عبر الزمن">
        <LineChart
          title="متوسط الرضا حسب الشهر (من 5)"
          data={chartDataOf(report.by_month, month, [
            { label: 'متوسط الرضا', value: (row) => row.satisfaction },
          ])}
          categoryLabel="الشهر"
        />
        <BarChart
          title="الردود حسب الشهر"
          data={chartDataOf(report.by_month, month, [
            { label: 'الردود', value: (row) => row.responses },
          ])}
          categoryLabel="الشهر"
          table="toggle"
        />
      </ReportSection>
      <TableSection
        id="survey-list"
        title="الاستبيانات"
        caption={countOf(report.rows.length, SURVEY_NOUN)}
        columns={SURVEY_COLUMNS}
        rows={report.rows}
        rowKey={(row) => row.survey.id}
        empty="لا توجد استبيانات في هذه الفترة"
        footer={totalsRow(4, formatNumber(t.responses), averageText(t.satisfaction))}
      />
      {report.rows.map((row) => (
        <ReportSection key={row.survey.id} id={`survey-${row.survey.id}`} title={row.survey.title}>
          <Muted>
            {`${countOf(row.responses, SURVEY_NOUNS.response)} في الفترة، متوسط الرضا ${averageText(row.satisfaction)}`}
          </Muted>
          {row.questions.length > 0 ? (
            row.questions.map((question) => (
              <QuestionResult key={question.question_id} question={question} />
            ))
          ) : (
            <Muted>لا توجد أسئلة</Muted>
          )}
        </ReportSection>
      ))}
    </>
  );
}
