import {
  SURVEY_TYPE_SORTABLE,
  surveyTypeEndpoints,
  surveyTypeListQuery,
  type SurveyType,
} from 'shared-contracts/engagement';
import {
  ActiveFilter,
  ListFilterBar,
  LookupListPage,
  formatNumber,
  pageTitle,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';
import { useSurveyTypeActions, useSurveyTypeList } from '../api/surveys-api';
import { SurveyTypeDialog } from '../components/survey-type-dialog';

const COLUMNS: readonly DataTableColumn<SurveyType>[] = [
  { id: 'name', header: 'النوع', sortable: true, cell: (row) => row.name },
  { id: 'description', header: 'الوصف', cell: (row) => row.description ?? '' },
  {
    id: 'surveys_count',
    header: 'الاستبيانات',
    align: 'end',
    cell: (row) => formatNumber(row.surveys_count),
  },
];

/**
 * /survey/types: the editable list of survey types on the shared lookup page — add and edit in a
 * dialog, deactivate or reactivate in one click, delete after a confirmation (a type in use
 * cannot be deleted: the API's Arabic reason is shown and deactivating is offered).
 */
export default function SurveysTypesPage() {
  const list = useListUrlState(surveyTypeListQuery);
  const query = useSurveyTypeList(list.params);
  const actions = useSurveyTypeActions();

  return (
    <LookupListPage<SurveyType, (typeof SURVEY_TYPE_SORTABLE)[number]>
      title={pageTitle('surveys.types')}
      description="تصنيفات الاستبيانات (رضا المستفيدين، تقييم الاحتياج، تقييم الندوات…)."
      noun="نوع الاستبيان"
      addLabel="إضافة نوع"
      filters={
        <ListFilterBar list={list} label="تصفية الأنواع" searchPlaceholder="اسم النوع">
          <ActiveFilter
            value={list.state.filter.active}
            onChange={(active) => list.setFilter('active', active)}
          />
        </ListFilterBar>
      }
      list={list}
      sortable={SURVEY_TYPE_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل أنواع الاستبيانات..."
      caption="أنواع الاستبيانات"
      empty={{ title: 'لا توجد أنواع بعد', description: 'أضف نوعاً لتصنيف الاستبيانات.' }}
      emptyTitle="لا توجد أنواع مطابقة"
      columns={COLUMNS}
      endpoints={surveyTypeEndpoints}
      actions={actions}
      renderForm={(type, onClose) => (
        <SurveyTypeDialog key={type?.id ?? 'new'} type={type} onClose={onClose} />
      )}
    />
  );
}
