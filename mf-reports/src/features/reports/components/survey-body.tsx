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
  Stack,
  formatDate,
  formatNumber,
  monthLabel,
  ReportTable,
  type ReportColumn,
  ReportFigures,
} from 'shared-ui';
import { ReportSection } from './services-report-parts';

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
  { id: 'responses', header: 'الردود', align: 'end', cell: (row) => formatNumber(row.responses) },
  {
    id: 'satisfaction',
    header: 'متوسط الرضا (من 5)',
    align: 'end',
    cell: (row) => averageText(row.satisfaction),
  },
];

type Choice = SurveyReportQuestion['distribution'][number];
const CHOICE_COLUMNS: readonly ReportColumn<Choice>[] = [
  { id: 'choice', header: 'الخيار', rowHeader: true, cell: (row) => row.label },
  { id: 'count', header: 'العدد', align: 'end', cell: (row) => formatNumber(row.count) },
  { id: 'percent', header: 'النسبة', align: 'end', cell: (row) => percentText(row.percent) },
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
  const months = report.by_month.map((row) => monthLabel(row.month));
  return (
    <>
      <ReportSection id="survey-summary" title="الملخص" keep>
        <ReportFigures>
          <div>
            <dt>الاستبيانات</dt>
            <dd>{formatNumber(t.surveys)}</dd>
          </div>
          <div>
            <dt>الردود في الفترة</dt>
            <dd>{formatNumber(t.responses)}</dd>
          </div>
          <div>
            <dt>متوسط الرضا (من 5)</dt>
            <dd>{averageText(t.satisfaction)}</dd>
          </div>
          <div>
            <dt>إجابات التقييم</dt>
            <dd>{formatNumber(t.rating_answers)}</dd>
          </div>
        </ReportFigures>
        <Muted>
          الرضا متوسط كل إجابات أسئلة التقييم (من 1 إلى 5) للردود المجموعة في الفترة، والنسب من عدد
          المجيبين عن السؤال.
        </Muted>
        {report.parameters.template_title ? (
          <Muted>{`القالب: ${report.parameters.template_title}`}</Muted>
        ) : null}
        {report.parameters.survey_title ? (
          <Muted>{`الاستبيان: ${report.parameters.survey_title}`}</Muted>
        ) : null}
      </ReportSection>
      <ReportSection id="survey-months" title="الرضا عبر الزمن">
        <LineChart
          title="متوسط الرضا حسب الشهر (من 5)"
          data={{
            labels: months,
            series: [
              { label: 'متوسط الرضا', values: report.by_month.map((row) => row.satisfaction) },
            ],
          }}
          categoryLabel="الشهر"
        />
        <BarChart
          title="الردود حسب الشهر"
          data={{
            labels: months,
            series: [{ label: 'الردود', values: report.by_month.map((row) => row.responses) }],
          }}
          categoryLabel="الشهر"
          table="toggle"
        />
      </ReportSection>
      <ReportSection id="survey-list" title="الاستبيانات">
        <ReportTable
          caption={countOf(report.rows.length, SURVEY_NOUN)}
          columns={SURVEY_COLUMNS}
          rows={report.rows}
          rowKey={(row) => row.survey.id}
          empty="لا توجد استبيانات في هذه الفترة"
          footer={[
            'الإجمالي',
            '',
            '',
            '',
            '',
            formatNumber(t.responses),
            averageText(t.satisfaction),
          ]}
        />
      </ReportSection>
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
