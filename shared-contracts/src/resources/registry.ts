/**
 * The registered resources: one line each. Every export of this file must be a `defineResource`
 * declaration; `resources/index.ts` orders them by their `order` and derives the permission list,
 * the checklist sections, the route table's records, the sidebar icons and the activity log's
 * names and links from them. Adding a resource: one `export { … } from '…'` line here.
 */
export { tasksResource } from './tasks';
export { dashboardResource } from './dashboard';
export { familiesResource } from './families';
export { organisationsResource } from './organisations';
export { seasonsResource } from './seasons';
export { servicesResource } from './services';
export { financeResource } from './finance';
export { documentsResource } from './documents';
export { seminarsResource } from './seminars';
export { surveysResource } from './surveys';
export { reportsResource } from './reports';
export { employeesResource } from './employees';
export { activityLogResource } from './activity-log';
export { calorieSettingsResource } from './calorie-settings';
export { releasesResource } from './releases';
export { visitsResource } from './visits';
export { consentsResource } from './consents';
export { privacyResource } from './privacy';
