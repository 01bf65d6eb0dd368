import type { FastifyPluginAsync } from 'fastify';
import { todayIso } from 'shared-contracts';
import {
  SURVEY_ANSWERS_EXPORT_COLUMNS,
  SURVEY_MESSAGES,
  SURVEY_RATE_MESSAGES,
  SURVEY_TEMPLATE_MESSAGES,
  SURVEY_TYPE_MESSAGES,
  surveyEndpoints,
  surveyRateEndpoints,
  surveyTemplateEndpoints,
  surveyTypeEndpoints,
} from 'shared-contracts/engagement';
import type { ApiModule } from '../../http/api-module';
import { registerEndpoint } from '../../http/endpoint';
import { notFound, orNotFound } from '../../http/errors';
import { sendExport } from '../../http/export';
import { pageEnvelope } from '../../http/pagination';
import { recordActivity } from '../activity-log';
import { createRate, listRates, listRespondents, loadRate } from './repository-rates';
import {
  countAnswers,
  createSurvey,
  listSurveys,
  loadSurvey,
  summariseSurvey,
  surveyAnswerRows,
  surveyOptions,
  updateSurvey,
} from './repository-surveys';
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  loadTemplate,
  loadVersions,
  publishTemplate,
  retireTemplate,
  updateTemplate,
} from './repository-templates';
import {
  createSurveyType,
  deleteSurveyType,
  listSurveyTypes,
  loadSurveyType,
  updateSurveyType,
} from './repository-types';
import { seedSurveys } from './seed';
import { surveysMigration } from './tables';

/** Thin: each declared endpoint, its answer from the repositories. */
const surveyRoutes: FastifyPluginAsync = async (app) => {
  // Types
  const type = async (id: number) =>
    orNotFound(await loadSurveyType(app.db, id), SURVEY_TYPE_MESSAGES.notFound);
  const typeOptions = { notFound: SURVEY_TYPE_MESSAGES.notFound };
  registerEndpoint(app, surveyTypeEndpoints.list, async ({ query }) => {
    const { rows, total } = await listSurveyTypes(app.db, query);
    return pageEnvelope(rows, query, total);
  });
  registerEndpoint(
    app,
    surveyTypeEndpoints.show,
    async ({ params }) => ({ data: await type(params.id) }),
    typeOptions,
  );
  registerEndpoint(app, surveyTypeEndpoints.create, async ({ body, author }) => {
    const id = await createSurveyType(app.db, body, author());
    return { message: SURVEY_TYPE_MESSAGES.created, data: await type(id) };
  });
  registerEndpoint(
    app,
    surveyTypeEndpoints.update,
    async ({ params, body, author }) => {
      if (!(await updateSurveyType(app.db, params.id, body, author())))
        throw notFound(SURVEY_TYPE_MESSAGES.notFound);
      return { message: SURVEY_TYPE_MESSAGES.updated, data: await type(params.id) };
    },
    typeOptions,
  );
  registerEndpoint(
    app,
    surveyTypeEndpoints.delete,
    async ({ params, author }) => {
      if (!(await deleteSurveyType(app.db, params.id, author())))
        throw notFound(SURVEY_TYPE_MESSAGES.notFound);
      return { message: SURVEY_TYPE_MESSAGES.deleted };
    },
    typeOptions,
  );

  // Templates
  const T = SURVEY_TEMPLATE_MESSAGES;
  const template = async (id: number) => orNotFound(await loadTemplate(app.db, id), T.notFound);
  const templateOptions = { notFound: T.notFound };
  registerEndpoint(app, surveyTemplateEndpoints.list, async ({ query }) => {
    const { rows, total } = await listTemplates(app.db, query);
    return pageEnvelope(rows, query, total);
  });
  registerEndpoint(
    app,
    surveyTemplateEndpoints.show,
    async ({ params }) => ({ data: await template(params.id) }),
    templateOptions,
  );
  registerEndpoint(
    app,
    surveyTemplateEndpoints.versions,
    async ({ params }) => ({ data: orNotFound(await loadVersions(app.db, params.id), T.notFound) }),
    templateOptions,
  );
  registerEndpoint(app, surveyTemplateEndpoints.create, async ({ body, author }) => {
    const id = await createTemplate(app.db, body, author());
    return { message: T.created, data: await template(id) };
  });
  registerEndpoint(
    app,
    surveyTemplateEndpoints.update,
    async ({ params, body, author }) => {
      const saved = orNotFound(await updateTemplate(app.db, params.id, body, author()), T.notFound);
      return {
        message: saved.newVersion === null ? T.updated : T.newVersion(saved.newVersion),
        data: await template(params.id),
      };
    },
    templateOptions,
  );
  registerEndpoint(
    app,
    surveyTemplateEndpoints.publish,
    async ({ params, author }) => {
      if (!(await publishTemplate(app.db, params.id, author()))) throw notFound(T.notFound);
      return { message: T.published, data: await template(params.id) };
    },
    templateOptions,
  );
  registerEndpoint(
    app,
    surveyTemplateEndpoints.retire,
    async ({ params, author }) => {
      if (!(await retireTemplate(app.db, params.id, author()))) throw notFound(T.notFound);
      return { message: T.retired, data: await template(params.id) };
    },
    templateOptions,
  );
  registerEndpoint(
    app,
    surveyTemplateEndpoints.delete,
    async ({ params, author }) => {
      if (!(await deleteTemplate(app.db, params.id, author()))) throw notFound(T.notFound);
      return { message: T.deleted };
    },
    templateOptions,
  );

  // Surveys
  const S = SURVEY_MESSAGES;
  const survey = async (id: number) => orNotFound(await loadSurvey(app.db, id), S.notFound);
  const surveyNotFound = { notFound: S.notFound };
  registerEndpoint(app, surveyEndpoints.list, async ({ query }) => {
    const { rows, total } = await listSurveys(app.db, query);
    return pageEnvelope(rows, query, total);
  });
  registerEndpoint(app, surveyEndpoints.options, async () => ({
    data: await surveyOptions(app.db),
  }));
  registerEndpoint(
    app,
    surveyEndpoints.show,
    async ({ params }) => ({ data: await survey(params.id) }),
    surveyNotFound,
  );
  registerEndpoint(app, surveyEndpoints.create, async ({ body, author }) => {
    const id = await createSurvey(app.db, body, author());
    return { message: S.created, data: await survey(id) };
  });
  registerEndpoint(
    app,
    surveyEndpoints.update,
    async ({ params, body, author }) => {
      if (!(await updateSurvey(app.db, params.id, body, author()))) throw notFound(S.notFound);
      return { message: S.updated, data: await survey(params.id) };
    },
    surveyNotFound,
  );
  registerEndpoint(
    app,
    surveyEndpoints.summary,
    async ({ params }) => {
      await survey(params.id);
      return { data: await summariseSurvey(app.db, params.id) };
    },
    surveyNotFound,
  );
  registerEndpoint(
    app,
    surveyEndpoints.summaryExport,
    async ({ params, query, author, reply }) => {
      const found = await survey(params.id);
      const rows = await countAnswers(app.db, params.id);
      const who = author();
      await recordActivity(app.db, {
        employeeId: who.id,
        action: 'export',
        entityType: 'survey',
        entityId: found.id,
        entityLabel: `تصدير إجابات الاستبيان: ${found.title}`,
        changes: { rows: [null, rows], format: [null, query.format] },
        meta: who.meta,
      });
      const today = todayIso();
      return sendExport(reply, query.format, {
        fileName: `survey-${found.id}-answers-${today}`,
        fileNameAr: `إجابات-الاستبيان-${found.id}-${today}`,
        sheetTitle: 'إجابات الاستبيان',
        columns: SURVEY_ANSWERS_EXPORT_COLUMNS,
        rows: () => surveyAnswerRows(app.db, params.id),
      });
    },
    surveyNotFound,
  );

  // Responses
  const R = SURVEY_RATE_MESSAGES;
  const rate = async (id: number) => orNotFound(await loadRate(app.db, id), R.notFound);
  registerEndpoint(
    app,
    surveyRateEndpoints.list,
    async ({ params, query }) => {
      await survey(params.id);
      const { rows, total } = await listRates(app.db, params.id, query);
      return pageEnvelope(rows, query, total);
    },
    surveyNotFound,
  );
  registerEndpoint(
    app,
    surveyRateEndpoints.respondents,
    async ({ params, query }) => {
      const { rows, total } = orNotFound(
        await listRespondents(app.db, params.id, query),
        S.notFound,
      );
      return pageEnvelope(rows, query, total);
    },
    surveyNotFound,
  );
  registerEndpoint(
    app,
    surveyRateEndpoints.create,
    async ({ params, body, author }) => {
      const id = orNotFound(await createRate(app.db, params.id, body, author()), S.notFound);
      return { message: R.created, data: await rate(id) };
    },
    surveyNotFound,
  );
  registerEndpoint(
    app,
    surveyRateEndpoints.show,
    async ({ params }) => ({ data: await rate(params.id) }),
    { notFound: R.notFound },
  );
};

/** Surveys: types, versioned templates, surveys over a group and period, responses and their summary. */
export const surveysModule: ApiModule = {
  name: 'surveys',
  routes: surveyRoutes,
  endpoints: [surveyTypeEndpoints, surveyTemplateEndpoints, surveyEndpoints, surveyRateEndpoints],
  migrations: [surveysMigration],
  seed: seedSurveys,
};
