import { countOf } from 'shared-contracts';
import {
  SURVEY_GROUP_KINDS,
  SURVEY_NOUNS,
  SURVEY_SORTABLE,
  SURVEY_STATUSES,
  surveyLabel,
  surveyListQuery,
  type Survey,
} from 'shared-contracts/engagement';
import {
  FilterSelects,
  ListFilterBar,
  ListPage,
  PageButtonLink,
  PageLink,
  formatDate,
  pageHeader,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';
import { useSurveyList } from '../api/surveys-api';
import { SurveyStatusBadge } from '../components/survey-badges';

const COLUMNS: readonly DataTableColumn<Survey>[] = [
  {
    id: 'title',
    header: 'الاستبيان',
    sortable: true,
    cell: (row) => (
      <PageLink pageId="surveys.show" params={{ id: row.id }}>
        {row.title}
      </PageLink>
    ),
  },
  { id: 'survey_type', header: 'النوع', cell: (row) => row.survey_type.name },
  {
    id: 'template',
    header: 'القالب',
    cell: (row) => `${row.template.title} (الإصدار ${row.template_version.version})`,
  },
  {
    id: 'group',
    header: 'المستهدفون',
    cell: (row) => `${surveyLabel(SURVEY_GROUP_KINDS, row.group_kind)}: ${row.group.name}`,
  },
  {
    id: 'starts_on',
    header: 'من',
    sortable: true,
    nowrap: true,
    cell: (row) => formatDate(row.starts_on),
  },
  {
    id: 'ends_on',
    header: 'إلى',
    sortable: true,
    nowrap: true,
    cell: (row) => formatDate(row.ends_on),
  },
  {
    id: 'responses',
    header: 'الردود',
    align: 'end',
    cell: (row) => countOf(row.responses_count, SURVEY_NOUNS.response),
  },
  {
    id: 'status',
    header: 'الحالة',
    sortable: true,
    cell: (row) => <SurveyStatusBadge status={row.status} />,
  },
];

/** /survey: the surveys with their template version, group, period and number of responses. */
export default function SurveysListPage() {
  const list = useListUrlState(surveyListQuery);
  const query = useSurveyList(list.params);
  const create = (
    <PageButtonLink pageId="surveys.create" icon="plus">
      إنشاء استبيان
    </PageButtonLink>
  );
  return (
    <ListPage<Survey, (typeof SURVEY_SORTABLE)[number]>
      {...pageHeader('surveys.list')}
      actions={
        <>
          {create}
          <PageButtonLink pageId="surveys.templates" icon="templates" variant="secondary">
            القوالب
          </PageButtonLink>
          <PageButtonLink pageId="surveys.types" icon="settings" variant="secondary">
            أنواع الاستبيانات
          </PageButtonLink>
        </>
      }
      filters={
        <ListFilterBar list={list} label="تصفية الاستبيانات" searchPlaceholder="عنوان الاستبيان">
          <FilterSelects
            list={list}
            selects={[
              { name: 'status', label: 'الحالة', all: 'كل الحالات', items: SURVEY_STATUSES },
              { name: 'group_kind', label: 'المستهدفون', all: 'الكل', items: SURVEY_GROUP_KINDS },
            ]}
          />
        </ListFilterBar>
      }
      list={list}
      sortable={SURVEY_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل الاستبيانات..."
      empty={{
        title: 'لا توجد استبيانات بعد',
        description: 'أنشئ استبياناً على قالب منشور.',
        action: create,
      }}
      caption="قائمة الاستبيانات"
      rowKey="id"
      columns={COLUMNS}
      emptyTitle="لا توجد استبيانات مطابقة"
    />
  );
}
