import { countOf } from 'shared-contracts';
import {
  SURVEY_NOUNS,
  SURVEY_PURPOSES,
  SURVEY_TARGETS,
  SURVEY_TEMPLATE_SORTABLE,
  SURVEY_TEMPLATE_STATUSES,
  surveyLabel,
  surveyTemplateListQuery,
  type SurveyTemplate,
} from 'shared-contracts/engagement';
import {
  FilterSelects,
  ListFilterBar,
  ListPage,
  PageButtonLink,
  PageLink,
  formatNumber,
  pageHeader,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';
import { useTemplateList } from '../api/surveys-api';
import { TemplateStatusBadge } from '../components/survey-badges';

const COLUMNS: readonly DataTableColumn<SurveyTemplate>[] = [
  {
    id: 'title',
    header: 'القالب',
    sortable: true,
    cell: (row) => (
      <PageLink pageId="surveys.templates.edit" params={{ id: row.id }}>
        {row.title}
      </PageLink>
    ),
  },
  { id: 'purpose', header: 'الغرض', cell: (row) => surveyLabel(SURVEY_PURPOSES, row.purpose) },
  {
    id: 'target',
    header: 'الفئة المستهدفة',
    cell: (row) => surveyLabel(SURVEY_TARGETS, row.target),
  },
  {
    id: 'version',
    header: 'الإصدار',
    cell: (row) => `الإصدار ${formatNumber(row.current_version.version)}`,
  },
  {
    id: 'questions',
    header: 'الأسئلة',
    cell: (row) => countOf(row.current_version.questions_count, SURVEY_NOUNS.question),
  },
  {
    id: 'surveys',
    header: 'الاستبيانات',
    align: 'end',
    cell: (row) => formatNumber(row.surveys_count),
  },
  {
    id: 'status',
    header: 'الحالة',
    sortable: true,
    cell: (row) => <TemplateStatusBadge status={row.status} />,
  },
];

/** /survey/templates: the templates with their current version and status. */
export default function SurveysTemplatesPage() {
  const list = useListUrlState(surveyTemplateListQuery);
  const query = useTemplateList(list.params);
  const create = (
    <PageButtonLink pageId="surveys.templates.create" icon="plus">
      إنشاء قالب
    </PageButtonLink>
  );
  return (
    <ListPage<SurveyTemplate, (typeof SURVEY_TEMPLATE_SORTABLE)[number]>
      {...pageHeader('surveys.templates')}
      actions={create}
      filters={
        <ListFilterBar list={list} label="تصفية القوالب" searchPlaceholder="عنوان القالب">
          <FilterSelects
            list={list}
            selects={[
              {
                name: 'status',
                label: 'الحالة',
                all: 'كل الحالات',
                items: SURVEY_TEMPLATE_STATUSES,
              },
            ]}
          />
        </ListFilterBar>
      }
      list={list}
      sortable={SURVEY_TEMPLATE_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل القوالب..."
      empty={{
        title: 'لا توجد قوالب بعد',
        description: 'أنشئ قالباً بأسئلته ثم انشره لاستخدامه في الاستبيانات.',
        action: create,
      }}
      caption="قوالب الاستبيانات"
      rowKey="id"
      columns={COLUMNS}
      emptyTitle="لا توجد قوالب مطابقة"
    />
  );
}
