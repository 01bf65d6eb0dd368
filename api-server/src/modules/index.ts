import type { ApiModule } from '../http/api-module';
import { activityLogModule } from './activity-log';
import { authModule } from './auth';
import { bulkActionsModule } from './bulk-actions';
import { calorieSettingsModule } from './calorie-settings';
import { clientEventsModule } from './client-events';
import { consentsModule } from './consents';
import { dashboardModule } from './dashboard';
import { permissionGroupsModule } from './permission-groups';
import { personalDataModule } from './personal-data';
import { privacyModule } from './privacy';
import { benchModule } from './bench';
import { employeesModule } from './employees';
import { familiesModule } from './families';
import { familyAccessModule } from './family-access';
import { familyErasureModule } from './family-erasure';
import { familyMembersModule } from './family-members';
import { financeModule } from './finance';
import { documentsModule } from './documents';
import { healthModule } from './health';
import { importsModule } from './imports';
import { jobsModule } from './jobs';
import { lookupsModule } from './lookups';
import { openApiModule } from './openapi';
import { organisationsModule } from './organisations';
import { seasonsModule } from './seasons';
import { serviceCatalogueModule } from './service-catalogue';
import { servicesModule } from './services';
import { seminarsModule } from './seminars';
import { surveysModule } from './surveys';
import { reportsModule } from './reports';
import { sessionsModule } from './sessions';
import { tasksModule } from './tasks';
import { visitsModule } from './visits';

/**
 * Every module of the API, in order: routes are registered, migrations collected, reference
 * data synced and demo data seeded (one transaction) in this order. Adding a domain is its folder
 * `src/modules/<name>/` and one line here (README "Adding a module").
 */
export const API_MODULES: readonly ApiModule[] = [
  healthModule,
  sessionsModule,
  authModule,
  // First to seed: it decides whether the database is new and creates the employees.
  employeesModule,
  activityLogModule,
  // The job queue and this process's runner, before the features that queue work.
  jobsModule,
  // After employees (their seed names the first super admin): permission groups, calorie table.
  permissionGroupsModule,
  calorieSettingsModule,
  lookupsModule,
  familiesModule,
  familyMembersModule,
  // Imports create families through the families module's rules.
  importsModule,
  organisationsModule,
  // Seeds after families and organisations: its demo enrolments and funding refer to them.
  seasonsModule,
  // The services domain: its catalogue, then the services (demo data over families, members, employees and organisations).
  serviceCatalogueModule,
  servicesModule,
  // Finance: its demo ledger links to the families, organisations, seasons and services seeded above.
  financeModule,
  // Documents attach to families, services and financial records: after all three.
  documentsModule,
  // A family's consents may name one of its documents: after both.
  consentsModule,
  // Who looked at a family's file: refers to families, employees and documents.
  familyAccessModule,
  seminarsModule,
  surveysModule,
  reportsModule,
  visitsModule,
  // A family's data export: reads the records above, no tables of its own.
  personalDataModule,
  // Erasure reaches into every record about a family: after all of them.
  familyErasureModule,
  // The retention setting and the families due for erasure under it: after the families and the log.
  privacyModule,
  // Reads the records above (services, families, visits, documents, imports, seminars); no tables
  // of its own.
  tasksModule,
  // Bulk actions run the families', seasons' and services' own commands: after them.
  bulkActionsModule,
  dashboardModule,
  clientEventsModule,
  // Last: it describes every route registered before it.
  openApiModule,
  benchModule,
];
