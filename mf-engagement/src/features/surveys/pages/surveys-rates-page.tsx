import { useParams } from 'react-router-dom';
import {
  SURVEY_RATE_SORTABLE,
  surveyRateListQuery,
  surveyStatusOn,
  type SurveyDetail,
  type SurveyRate,
} from 'shared-contracts/engagement';
import {
  FileNumber,
  ListFilterBar,
  ListPage,
  PageButtonLink,
  PageLink,
  RecordFromRoute,
  formatDateTime,
  pageTitle,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';
import { SURVEY_RECORD, useRateList } from '../api/surveys-api';

const COLUMNS: readonly DataTableColumn<SurveyRate>[] = [
  {
    id: 'file_number',
    header: 'الأسرة',
    sortable: true,
    cell: (row) => (
      <PageLink pageId="surveys.rates.show" params={{ id: row.id }}>
        {row.family.head_name} (<FileNumber value={row.family.file_number} />)
      </PageLink>
    ),
  },
  { id: 'member', header: 'الفرد', cell: (row) => row.member?.name ?? '' },
  {
    id: 'version',
    header: 'إصدار القالب',
    cell: (row) => `الإصدار ${row.template_version.version}`,
  },
  { id: 'collected_by', header: 'جامع البيانات', cell: (row) => row.collected_by?.name ?? '' },
  {
    id: 'collected_at',
    header: 'تاريخ التعبئة',
    sortable: true,
    nowrap: true,
    cell: (row) => formatDateTime(row.collected_at),
  },
];

/** /survey/rates/:id: the responses to survey :id, newest first. */
export default function SurveysRatesPage() {
  return (
    <RecordFromRoute {...SURVEY_RECORD}>
      {(survey) => <RatesList survey={survey} />}
    </RecordFromRoute>
  );
}

function RatesList({ survey }: { survey: SurveyDetail }) {
  const list = useListUrlState(surveyRateListQuery);
  const query = useRateList(Number(useParams().id ?? survey.id), list.params);
  const fill =
    surveyStatusOn(survey) === 'open' ? (
      <PageButtonLink pageId="surveys.rates.create" params={{ id: survey.id }} icon="plus">
        تعبئة الاستبيان
      </PageButtonLink>
    ) : null;
  return (
    <ListPage<SurveyRate, (typeof SURVEY_RATE_SORTABLE)[number]>
      title={`${pageTitle('surveys.rates')}: ${survey.title}`}
      description="كل رد مرتبط بإصدار القالب الذي أجاب عنه، مع من جمعه ومتى."
      actions={
        <>
          {fill}
          <PageButtonLink pageId="surveys.show" params={{ id: survey.id }} variant="secondary">
            ملخص الاستبيان
          </PageButtonLink>
        </>
      }
      filters={
        <ListFilterBar
          list={list}
          label="تصفية الردود"
          searchPlaceholder="رقم الملف أو اسم رب الأسرة"
        />
      }
      list={list}
      sortable={SURVEY_RATE_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل الردود..."
      empty={{
        title: 'لا توجد ردود بعد',
        description: 'سجّل أول رد بتعبئة الاستبيان.',
        action: fill,
      }}
      caption="ردود الاستبيان"
      rowKey="id"
      columns={COLUMNS}
      emptyTitle="لا توجد ردود مطابقة"
    />
  );
}
