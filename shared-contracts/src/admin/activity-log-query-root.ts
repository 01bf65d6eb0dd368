/**
 * The name of the activity log's endpoint table, the root of its query keys
 * (`activityLogEndpoints`; its resource declaration is `resources/activity-log.ts`). Every
 * change writes a log row, so a page that changes data invalidates its keys. It has a module
 * of its own, importing nothing, so that doing so does not bring the log's schemas — and through
 * their field labels, the other domains' schemas — into that page's download (about 30 KB gzip
 * on the employees page).
 */
export const ACTIVITY_LOG_QUERY_ROOT = 'activity-log';
