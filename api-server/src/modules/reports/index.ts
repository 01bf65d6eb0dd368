import type { ApiModule } from '../../http/api-module';
import { reportsArchivesMigration } from './migrations/2026_11_24_reports_archives';
import { reportsArchivesFamilyErasure } from './migrations/2026_12_06_reports_archives_family_erasure';
import { engagementReportIndexesMigration } from './migrations/2026_11_25_reports_engagement_indexes';
import { servicesReportIndexesMigration } from './migrations/2026_11_25_reports_services_indexes';
import { REPORT_KINDS, reportsRoutes } from './routes';
import './tables';

/** Reports: every report kind and the report archives (frozen snapshots, never edited). */
export const reportsModule: ApiModule = {
  name: 'reports',
  routes: reportsRoutes,
  endpoints: REPORT_KINDS.map((kind) => kind.endpoints),
  migrations: [
    reportsArchivesMigration,
    engagementReportIndexesMigration,
    servicesReportIndexesMigration,
    reportsArchivesFamilyErasure,
  ],
};

// The reports bench computes a kind's SQL in the report transaction, as the routes do.
export { inReportTransaction } from './commands';
export { familyNeedsReport } from './repository';
// A family's erasure rewrites its rows in the archived snapshots (docs/personal-data.md#erasure).
export { eraseFamilyFromArchives } from './repository';
