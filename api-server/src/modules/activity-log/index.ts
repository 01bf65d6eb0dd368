import { activityLogEndpoints } from 'shared-contracts/admin';
import type { ApiModule } from '../../http/api-module';
import { activityLogBaseline } from './migrations/0001_foundation';
import { activityLogFamilyBaseline } from './migrations/0002_beneficiaries';
import { activityLogNoTruncate } from './migrations/2026_11_23_activity_log_no_truncate';
import { activityLogFamilyErasure } from './migrations/2026_12_06_activity_log_family_erasure';
import { activityLogErasureMoves } from './migrations/2026_12_06_activity_log_family_erasure_moves';
import { activityLogRoutes } from './routes';
import './tables';

/** The append-only activity log: every module records its changes through `recordActivity`. */
export const activityLogModule: ApiModule = {
  name: 'activity-log',
  routes: activityLogRoutes,
  endpoints: [activityLogEndpoints],
  migrations: [
    activityLogBaseline,
    activityLogFamilyBaseline,
    activityLogNoTruncate,
    activityLogFamilyErasure,
    activityLogErasureMoves,
  ],
};

export {
  activityForReader,
  diffChanges,
  listActivity,
  recordActivities,
  recordActivity,
  changeRecord,
  recordChange,
  recordUpdate,
  recordExport,
  type ActivityEntry,
} from './repository';
export type { ActivityChanges } from './tables';
