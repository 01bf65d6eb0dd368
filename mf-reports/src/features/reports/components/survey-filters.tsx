import { surveyEndpoints } from 'shared-contracts/engagement';
import { surveyReportQuerySchema, type SurveyReportQuery } from 'shared-contracts/reports';
import { useCanCall, useEndpointQuery } from 'shared-ui';
import {
  DraftSelect,
  ReportFilterForm,
  type ReportFieldsProps,
  type ReportFiltersProps,
} from '../kit';

/**
 * The templates and surveys to filter by, when the employee may list them (the survey section's
 * key); without it the report still opens on every survey, with no such filter offered.
 */
function useSurveyOptions(templateId: string) {
  const allowed = useCanCall(surveyEndpoints.options);
  const options = useEndpointQuery(surveyEndpoints.options, {}, { enabled: allowed });
  const list = useEndpointQuery(
    surveyEndpoints.list,
    {
      query: {
        per_page: '100',
        sort: 'starts_on',
        order: 'desc',
        ...(templateId ? { 'filter[template_id]': templateId } : {}),
      },
    },
    { enabled: allowed },
  );
  if (!allowed) return { templates: [], surveys: [] };
  return {
    templates: (options.data?.data.templates ?? []).map((template) => ({
      value: template.id,
      label: template.title,
    })),
    surveys: (list.data?.data ?? []).map((survey) => ({ value: survey.id, label: survey.title })),
  };
}

/** The survey report's filters: the period, the template and one survey of it. */
export function SurveyFilters({ query, onChange }: ReportFiltersProps<SurveyReportQuery>) {
  return (
    <ReportFilterForm
      schema={surveyReportQuerySchema}
      query={query}
      onChange={onChange}
      fields={(form) => <SurveyFields form={form} />}
    />
  );
}

/** Its own component: the surveys offered follow the template chosen in the draft. */
function SurveyFields({ form }: { form: ReportFieldsProps }) {
  const { templates, surveys } = useSurveyOptions(form.draft.template_id ?? '');
  if (templates.length === 0 && surveys.length === 0) return null;
  return (
    <>
      <DraftSelect
        form={form}
        field="template_id"
        also={{ survey_id: '' }}
        label="قالب الاستبيان"
        placeholder="كل القوالب"
        options={templates}
      />
      <DraftSelect
        form={form}
        field="survey_id"
        label="الاستبيان"
        placeholder="كل الاستبيانات"
        options={surveys}
      />
    </>
  );
}
