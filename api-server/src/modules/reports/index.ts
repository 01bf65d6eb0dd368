import type { FastifyPluginAsync } from 'fastify';
import type { ApiModule } from '../../http/api-module';
import { familyNeedsKind } from './kinds/family-needs-kind';
import { servicesKind } from './kinds/services-kind';
import { financialServicesKind } from './kinds/financial-services-kind';
import { servicesReportIndexesMigration } from './kinds/services-report-indexes';
import { medicalKind } from './kinds/medical-kind';
import { engagementReportIndexesMigration } from './kinds/engagement-report-indexes';
import { seminarKind } from './kinds/seminar-kind';
import { surveyKind } from './kinds/survey-kind';
import type { RegisteredReportKind } from './report-kind';
import { reportsArchivesMigration } from './tables';

/**
 * The report kinds, each in `kinds/<kind>-kind.ts` on `defineReportKind`: its
 * computation, export rows and archives. A new kind is one line here.
 */
const REPORT_KINDS: readonly RegisteredReportKind[] = [
  // One kind per line.
  familyNeedsKind,
  servicesKind,
  financialServicesKind,
  medicalKind,
  surveyKind,
  seminarKind,
];

/** Thin: each kind registers its report, export and archives (create, list, show, export). */
const reportsRoutes: FastifyPluginAsync = async (app) => {
  for (const kind of REPORT_KINDS) kind.register(app);
};

/** Reports: every report kind and the report archives (frozen snapshots, never edited). */
export const reportsModule: ApiModule = {
  name: 'reports',
  routes: reportsRoutes,
  endpoints: REPORT_KINDS.map((kind) => kind.endpoints),
  migrations: [reportsArchivesMigration, engagementReportIndexesMigration, servicesReportIndexesMigration],
};
