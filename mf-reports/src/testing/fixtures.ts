import type { Employee, PermissionKey } from 'shared-contracts';
import type { ReportArchiveItem } from 'shared-contracts/reports';

/** Everything the reports section needs: the dashboard and the reports (the lists a figure links to need their own keys). */
export const REPORTS_KEYS: PermissionKey[] = ['show_index', 'show_reports', 'show_families'];

/** The logged-in employee of a test (a manager unless told otherwise). */
export function employee(permissions: PermissionKey[] = REPORTS_KEYS): Employee {
  return {
    id: 1,
    name: 'منيرة التقارير',
    email: 'muneera@example.org',
    active: true,
    permissions,
    role: null,
  };
}

/** What a report's answer holds that its archive copies beside the snapshot. */
interface ArchivableReport {
  readonly kind: string;
  readonly period: { readonly from: string; readonly to: string };
  readonly parameters: ReportArchiveItem['parameters'];
}

/**
 * An archive of `snapshot` as the API stores it: its kind, period and parameters copied, made by
 * the report fixtures' employee unless `item` says otherwise.
 */
export function archiveOf<S extends ArchivableReport>(
  snapshot: S,
  item: Pick<ReportArchiveItem, 'id' | 'title' | 'row_count' | 'created_at'> &
    Partial<ReportArchiveItem>,
): ReportArchiveItem & { snapshot: S } {
  return {
    kind: snapshot.kind,
    period_from: snapshot.period.from,
    period_to: snapshot.period.to,
    parameters: snapshot.parameters,
    calorie_settings_version_id: null,
    created_by: { id: 1, name: employee().name },
    ...item,
    snapshot,
  };
}
