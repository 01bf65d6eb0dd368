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
import { registerEndpoint } from '../../http/endpoint';
import { orNotFound } from '../../http/errors';
import { sendExport } from '../../http/export';
import { pageEnvelope } from '../../http/pagination';
import { registerRecordEndpoints } from '../../http/record-endpoints';
import { recordChange } from '../activity-log';
import { familyLabel } from '../families';

import {
  createRate,
  createSurvey,
  createTemplate,
  deleteTemplate,
  publishTemplate,
  retireTemplate,
  updateSurvey,
  updateTemplate,
} from './commands';
import {
  countAnswers,
  createSurveyType,
  deleteSurveyType,
  listRates,
  listRespondents,
  listSurveyTypes,
  listSurveys,
  listTemplates,
  loadRate,
  loadSurvey,
  loadSurveyType,
  loadTemplate,
  loadVersions,
  summariseSurvey,
  surveyAnswerRows,
  surveyOptions,
  updateSurveyType,
} from './repository';

/** Thin: each declared endpoint, its answer from the repository and the commands. */
export const surveyRoutes: FastifyPluginAsync = async (app) => {
  registerRecordEndpoints(app, surveyTypeEndpoints, SURVEY_TYPE_MESSAGES, {
    list: listSurveyTypes,
    load: loadSurveyType,
    create: createSurveyType,
    update: updateSurveyType,
    remove: deleteSurveyType,
  });

  // Templates: an update answers its own message when it started a new version.
  const T = SURVEY_TEMPLATE_MESSAGES;
  const templates = registerRecordEndpoints(app, surveyTemplateEndpoints, T, {
    list: listTemplates,
    load: loadTemplate,
    create: createTemplate,
    remove: deleteTemplate,
  });
  templates.action(
    'publish',
    (db, id, _body, author) => publishTemplate(db, id, author),
    T.published,
  );
  templates.action('retire', (db, id, _body, author) => retireTemplate(db, id, author), T.retired);
  registerEndpoint(
    app,
    surveyTemplateEndpoints.versions,
    async ({ params }) => ({ data: orNotFound(await loadVersions(app.db, params.id), T.notFound) }),
    templates.options,
  );
  registerEndpoint(
    app,
    surveyTemplateEndpoints.update,
    async ({ params, body, author }) => {
      const saved = orNotFound(await updateTemplate(app.db, params.id, body, author()), T.notFound);
      return {
        message: saved.newVersion === null ? T.updated : T.newVersion(saved.newVersion),
        data: await templates.load(params.id),
      };
    },
    templates.options,
  );

  // Surveys
  const S = SURVEY_MESSAGES;
  const surveys = registerRecordEndpoints(app, surveyEndpoints, S, {
    list: listSurveys,
    load: loadSurvey,
    create: createSurvey,
    update: updateSurvey,
  });
  const survey = surveys.load;
  const surveyNotFound = surveys.options;
  registerEndpoint(app, surveyEndpoints.options, async () => ({
    data: await surveyOptions(app.db),
  }));
  registerEndpoint(
    app,
    surveyEndpoints.summary,
    async ({ params, author }) => {
      const found = await survey(params.id);
      const summary = await summariseSurvey(app.db, params.id);
      // A view leaves its row, as the answers' export does: who read which survey's summary.
      await recordChange(app.db, author(), {
        action: 'view',
        entityType: 'survey',
        entityId: found.id,
        entityLabel: `ملخص إجابات الاستبيان: ${found.title}`,
        changes: { responses: [null, summary.responses] },
      });
      return { data: summary };
    },
    surveyNotFound,
  );
  registerEndpoint(
    app,
    surveyEndpoints.summaryExport,
    async ({ params, query, author, reply }) => {
      const found = await survey(params.id);
      const rows = await countAnswers(app.db, params.id);
      await recordChange(app.db, author(), {
        action: 'export',
        entityType: 'survey',
        entityId: found.id,
        entityLabel: `تصدير إجابات الاستبيان: ${found.title}`,
        changes: { rows: [null, rows], format: [null, query.format] },
      });
      const today = todayIso();
      return sendExport(reply, query.format, {
        fileName: `survey-${found.id}-answers-${today}`,
        fileNameAr: `إجابات-الاستبيان-${found.id}-${today}`,
        sheetTitle: 'إجابات الاستبيان',
        columns: SURVEY_ANSWERS_EXPORT_COLUMNS,
        rows: () => surveyAnswerRows(app.db, { surveyId: params.id }),
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
    async ({ params, author }) => {
      const found = await rate(params.id);
      // Who read which family's answers (not on the family's timeline, which keeps its changes).
      const familyText = familyLabel(found.family);
      await recordChange(app.db, author(), {
        action: 'view',
        entityType: 'survey_response',
        entityId: found.id,
        entityLabel: `${found.survey.title} — ${familyText}`,
        changes: {
          survey: [null, found.survey.title],
          family: [null, familyText],
          ...(found.member ? { member: [null, found.member.name] } : {}),
          template_version: [null, found.template_version.version],
        },
      });
      return { data: found };
    },
    { notFound: R.notFound },
  );
};
