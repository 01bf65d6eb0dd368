import {
  surveyEndpoints,
  surveyRateEndpoints,
  surveyTemplateEndpoints,
  surveyTypeEndpoints,
} from 'shared-contracts/engagement';
import type { ApiModule } from '../../http/api-module';
import { surveysMigration } from './migrations/2026_11_24_surveys_tables';
import { surveyRoutes } from './routes';
import { seedSurveys } from './seed';
import './tables';

/** Surveys: types, versioned templates, surveys over a group and period, responses and their summary. */
export const surveysModule: ApiModule = {
  name: 'surveys',
  routes: surveyRoutes,
  endpoints: [surveyTypeEndpoints, surveyTemplateEndpoints, surveyEndpoints, surveyRateEndpoints],
  migrations: [surveysMigration],
  seed: seedSurveys,
};

// The family's answers, for its data export (docs/personal-data.md#the-data-export).
export { surveyAnswerRows } from './repository/surveys';
