import type { FastifyPluginAsync } from 'fastify';
import {
  ACTIVITY_ACTION_LABELS,
  ACTIVITY_LOG_EXPORT_COLUMNS,
  activityEntityLabel,
  activityLogEndpoints,
  describeActivityChanges,
} from 'shared-contracts/admin';
import type { z } from 'zod';
import { countOf } from 'shared-contracts';
import { registerEndpoint } from '../../http/endpoint';
import { sendExport } from '../../http/export';
import { pageEnvelope } from '../../http/pagination';
import {
  activityBatches,
  countActivity,
  dateRange,
  listActivity,
  recordActivity,
} from './repository';

type ParsedQuery = z.output<typeof activityLogEndpoints.list.query>;

/** The filters of the list and the export, as the repository reads them. */
function filtersOf(query: ParsedQuery) {
  return {
    employeeId: query['filter[employee_id]'],
    familyId: query['filter[family_id]'],
    action: query['filter[action]'],
    entityType: query['filter[entity_type]'],
    entityId: query['filter[entity_id]'],
    search: query.search,
    ...dateRange(query['filter[from]'], query['filter[to]']),
  };
}

/** The set filters by their query names (the export's log row). */
function loggedFilters(query: ParsedQuery): Record<string, unknown> {
  const filters: Record<string, unknown> = { search: query.search ?? null, order: query.order };
  for (const [key, value] of Object.entries(query)) {
    const name = /^filter\[(.+)\]$/.exec(key)?.[1];
    if (name && value !== undefined) filters[name] = value;
  }
  return filters;
}

const timeFormat = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Riyadh',
});

/**
 * GET /activity-log and its XLSX export: the activity-tracking page's data, for super admins
 * only (docs/shell.md#permissions). No route edits or deletes a row.
 */
export const activityLogRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, activityLogEndpoints.list, async ({ query, auth }) => {
    const { rows, total } = await listActivity(app.db, {
      page: query.page,
      perPage: query.per_page,
      order: query.order,
      ...filtersOf(query),
      // Super admins only today, so nothing is hidden; the rule still holds if that widens.
      reader: auth().employee,
    });
    return pageEnvelope(rows, query, total);
  });

  registerEndpoint(app, activityLogEndpoints.export, async ({ query, auth, author, reply }) => {
    const reader = auth().employee;
    const filters = { ...filtersOf(query), reader };
    const total = await countActivity(app.db, filters);
    const by = author();
    // Logged before it streams (README "Exports"): the filters, the row count, the format.
    await recordActivity(app.db, {
      employeeId: by.id,
      action: 'export',
      entityType: 'activity_log',
      entityLabel: `تصدير سجل النشاط (${countOf(total, 'record')})`,
      changes: {
        filters: [null, loggedFilters(query)],
        rows: [null, total],
        format: [null, query.format],
      },
      meta: by.meta,
    });
    const day = new Date().toISOString().slice(0, 10);
    return sendExport(reply, query.format, {
      fileName: `activity-log-${day}`,
      fileNameAr: `سجل-النشاط-${day}`,
      sheetTitle: 'سجل النشاط',
      columns: ACTIVITY_LOG_EXPORT_COLUMNS.map((column) => ({
        ...column,
        width: column.key === 'changes' ? 60 : 20,
      })),
      rows: async function* () {
        for await (const entry of activityBatches(app.db, { ...filters, order: query.order })) {
          yield {
            id: entry.id,
            occurred_at: timeFormat.format(new Date(entry.occurred_at)),
            employee: entry.employee_name ?? '',
            action: ACTIVITY_ACTION_LABELS[entry.action] ?? entry.action,
            entity_type: activityEntityLabel(entry.entity_type) ?? '',
            entity_id: entry.entity_id ?? '',
            entity_label: entry.entity_label ?? '',
            changes: describeActivityChanges(entry.entity_type, entry.changes)
              .map((change) => `${change.label}: ${change.before.text} ← ${change.after.text}`)
              .join('\n'),
            ip: entry.ip ?? '',
          };
        }
      },
    });
  });
};
