import { z } from 'zod';
import {
  defineListQuery,
  idFilter,
  type ActivityLogListParams,
  type ListState,
} from 'shared-contracts';

const codeFilter = z.string().trim().min(1).max(60).optional();
const dateFilter = z.iso.date().optional();

/**
 * The activity log's URL: `page` and `filter[employee_id|action|entity_type|from|to]`, read
 * leniently (a bad value is dropped, never thrown). The API always sorts by time, newest
 * first, so the one sortable id is never offered or sent.
 */
export const activityLogQuery = defineListQuery({
  sortable: ['occurred_at'],
  filters: {
    employee_id: idFilter(),
    action: codeFilter,
    entity_type: codeFilter,
    from: dateFilter,
    to: dateFilter,
  },
});

export type ActivityLogState = ListState<typeof activityLogQuery.filters, 'occurred_at'>;

export const DATE_RANGE_ERROR = 'تاريخ البداية يجب أن يسبق تاريخ النهاية';

/** `from` after `to` would be a 422: the page says so on the field instead of asking. */
export function dateRangeError(state: ActivityLogState): string | undefined {
  const { from, to } = state.filter;
  return from && to && from > to ? DATE_RANGE_ERROR : undefined;
}

/** GET /activity-log parameters for a list state (newest first is the API's default). */
export function toActivityLogParams(state: ActivityLogState): ActivityLogListParams {
  const params: ActivityLogListParams = { page: state.page, per_page: state.per_page };
  const { employee_id: employeeId, action, entity_type: entityType, from, to } = state.filter;
  if (employeeId !== undefined) params['filter[employee_id]'] = employeeId;
  if (action) params['filter[action]'] = action;
  if (entityType) params['filter[entity_type]'] = entityType;
  if (from) params['filter[from]'] = from;
  if (to) params['filter[to]'] = to;
  return params;
}
