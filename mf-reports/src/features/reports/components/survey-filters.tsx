import { surveyEndpoints } from 'shared-contracts/engagement';
import { surveyReportQuerySchema, type SurveyReportQuery } from 'shared-contracts/reports';
import { SelectField, useCanCall, useEndpointQuery } from 'shared-ui';
import { ReportFilterForm } from '../kit';

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
export function SurveyFilters({
  query,
  onChange,
}: {
  query: SurveyReportQuery;
  onChange: (query: SurveyReportQuery) => void;
}) {
  return (
    <ReportFilterForm
      schema={surveyReportQuerySchema}
      query={query}
      onChange={onChange}
      fields={({ draft, set }) => <SurveyFields draft={draft} set={set} />}
    />
  );
}

function SurveyFields({
  draft,
  set,
}: {
  draft: Record<string, string>;
  set: (
    field: string,
    also?: Record<string, string>,
  ) => (event: { target: { value: string } }) => void;
}) {
  const { templates, surveys } = useSurveyOptions(draft.template_id ?? '');
  if (templates.length === 0 && surveys.length === 0) return null;
  return (
    <>
      <SelectField
        label="قالب الاستبيان"
        placeholder="كل القوالب"
        options={templates}
        value={draft.template_id ?? ''}
        onChange={set('template_id', { survey_id: '' })}
      />
      <SelectField
        label="الاستبيان"
        placeholder="كل الاستبيانات"
        options={surveys}
        value={draft.survey_id ?? ''}
        onChange={set('survey_id')}
      />
    </>
  );
}
