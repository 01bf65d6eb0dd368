import { keepPreviousData } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  surveyEndpoints,
  surveyRateEndpoints,
  surveyRespondentListQuery,
  surveyTemplateEndpoints,
  surveyTypeEndpoints,
  surveyTypeToInput,
  type SurveyFormValues,
  type SurveyTemplateFormValues,
  type SurveyType,
  type SurveyTypeFormValues,
} from 'shared-contracts/engagement';
import {
  useEndpointCall,
  useEndpointQuery,
  useInvalidateEndpoints,
  type InvalidationTarget,
} from 'shared-ui';

/*
 * The surveys API of this remote, every call from its declarations (survey types, templates,
 * surveys, responses). Query keys come from the declarations; a change invalidates the resources
 * it touches (a response changes its survey's counts and summary, a template its surveys' forms).
 */

type ListParams = Readonly<Record<string, string>>;

export const SURVEY_RECORD = {
  endpoint: surveyEndpoints.show,
  loadingLabel: 'جارٍ تحميل الاستبيان...',
  notFoundTitle: 'الاستبيان غير موجود',
};
export const TEMPLATE_RECORD = {
  endpoint: surveyTemplateEndpoints.show,
  loadingLabel: 'جارٍ تحميل القالب...',
  notFoundTitle: 'قالب الاستبيان غير موجود',
};
export const RATE_RECORD = {
  endpoint: surveyRateEndpoints.show,
  loadingLabel: 'جارٍ تحميل الرد...',
  notFoundTitle: 'الرد غير موجود',
};

function useChanged() {
  const invalidate = useInvalidateEndpoints();
  return useCallback((...tables: InvalidationTarget[]) => void invalidate(...tables), [invalidate]);
}

// Types ---------------------------------------------------------------------------------------

export function useSurveyTypeList(query: ListParams) {
  return useEndpointQuery(
    surveyTypeEndpoints.list,
    { query },
    { placeholderData: keepPreviousData },
  );
}

export function useSaveSurveyType(id: number | null) {
  const call = useEndpointCall();
  const changed = useChanged();
  return async (body: SurveyTypeFormValues) => {
    const answer =
      id === null
        ? await call(surveyTypeEndpoints.create, { body })
        : await call(surveyTypeEndpoints.update, { params: { id }, body });
    changed(surveyTypeEndpoints, surveyEndpoints);
    return answer;
  };
}

export function useSurveyTypeActions() {
  const call = useEndpointCall();
  const changed = useChanged();
  return {
    setActive: async (type: SurveyType, active: boolean) => {
      const answer = await call(surveyTypeEndpoints.update, {
        params: { id: type.id },
        body: { ...surveyTypeToInput(type), active },
      });
      changed(surveyTypeEndpoints, surveyEndpoints);
      return answer;
    },
    remove: async (type: SurveyType) => {
      const answer = await call(surveyTypeEndpoints.delete, { params: { id: type.id } });
      changed(surveyTypeEndpoints);
      return answer;
    },
  };
}

// Templates -----------------------------------------------------------------------------------

export function useTemplateList(query: ListParams) {
  return useEndpointQuery(
    surveyTemplateEndpoints.list,
    { query },
    { placeholderData: keepPreviousData },
  );
}

export function useTemplateVersions(id: number) {
  return useEndpointQuery(
    surveyTemplateEndpoints.versions,
    { params: { id } },
    { select: (answer) => answer.data },
  );
}

export function useSaveTemplate(id: number | null) {
  const call = useEndpointCall();
  const changed = useChanged();
  return async (body: SurveyTemplateFormValues) => {
    const answer =
      id === null
        ? await call(surveyTemplateEndpoints.create, { body })
        : await call(surveyTemplateEndpoints.update, { params: { id }, body });
    changed(surveyTemplateEndpoints, surveyEndpoints);
    return answer;
  };
}

export function useTemplateActions() {
  const call = useEndpointCall();
  const changed = useChanged();
  return {
    publish: async (id: number) => {
      const answer = await call(surveyTemplateEndpoints.publish, { params: { id } });
      changed(surveyTemplateEndpoints, surveyEndpoints);
      return answer;
    },
    retire: async (id: number) => {
      const answer = await call(surveyTemplateEndpoints.retire, { params: { id } });
      changed(surveyTemplateEndpoints, surveyEndpoints);
      return answer;
    },
  };
}

// Surveys -------------------------------------------------------------------------------------

export function useSurveyList(query: ListParams) {
  return useEndpointQuery(surveyEndpoints.list, { query }, { placeholderData: keepPreviousData });
}

export function useSurveyOptions() {
  return useEndpointQuery(surveyEndpoints.options, {}, { select: (answer) => answer.data });
}

export function useSurveySummary(id: number) {
  return useEndpointQuery(
    surveyEndpoints.summary,
    { params: { id } },
    { select: (answer) => answer.data },
  );
}

export function useSaveSurvey(id: number | null) {
  const call = useEndpointCall();
  const changed = useChanged();
  return async (body: SurveyFormValues) => {
    const answer =
      id === null
        ? await call(surveyEndpoints.create, { body })
        : await call(surveyEndpoints.update, { params: { id }, body });
    changed(surveyEndpoints, surveyTemplateEndpoints, surveyTypeEndpoints);
    return answer;
  };
}

// Responses -----------------------------------------------------------------------------------

export function useRateList(surveyId: number, query: ListParams) {
  return useEndpointQuery(
    surveyRateEndpoints.list,
    { params: { id: surveyId }, query },
    { placeholderData: keepPreviousData },
  );
}

export const RESPONDENT_PAGE_SIZE = 8;

/** The respondent picker's query for a typed term (`surveyRateEndpoints.respondents`). */
export function respondentSearchQuery(term: string) {
  return surveyRespondentListQuery.toParams({ search: term, per_page: RESPONDENT_PAGE_SIZE });
}

export function useSaveRate(surveyId: number) {
  const call = useEndpointCall();
  const changed = useChanged();
  return async (body: {
    family_id: number | string;
    member_id?: number | string | null;
    answers: Record<string, unknown>;
  }) => {
    const answer = await call(surveyRateEndpoints.create, { params: { id: surveyId }, body });
    changed(surveyRateEndpoints, surveyEndpoints, surveyTemplateEndpoints);
    return answer;
  };
}
