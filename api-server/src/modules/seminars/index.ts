import {
  seminarAudienceEndpoints,
  seminarEndpoints,
  seminarTypeEndpoints,
} from 'shared-contracts/engagement';
import type { ApiModule } from '../../http/api-module';
import { seminarsMigration } from './migrations/2026_11_24_seminars_tables';
import { seminarRoutes } from './routes';
import { seedSeminars } from './seed';
import './tables';

/** Seminars and courses: their types, the seminars and their audience (registration, waiting list, attendance). */
export const seminarsModule: ApiModule = {
  name: 'seminars',
  routes: seminarRoutes,
  endpoints: [seminarTypeEndpoints, seminarEndpoints, seminarAudienceEndpoints],
  migrations: [seminarsMigration],
  seed: seedSeminars,
};
