/**
 * The activity log's resource name, the root of its query keys (`activityLogEndpoints`). Every
 * change writes a log row, so a page that changes data invalidates this resource. It has a module
 * of its own, importing nothing, so that doing so does not bring the log's schemas — and through
 * their field labels, the other domains' schemas — into that page's download (about 30 KB gzip
 * on the employees page).
 */
export const ACTIVITY_LOG_RESOURCE = 'activity-log';
