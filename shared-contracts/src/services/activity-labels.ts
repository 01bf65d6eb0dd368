import type { ServicesActivityEntityType } from './common';
import { SERVICE_FIELD_LABELS } from './service';
import { SERVICE_AXIS_FIELD_LABELS } from './service-axis';
import { SERVICE_DEPARTMENT_FIELD_LABELS } from './service-department';
import { SERVICE_TYPE_FIELD_LABELS } from './service-type';

/**
 * The Arabic name of every field the activity log records for each services entity type (the
 * `changes` keys of its rows), for the activity-tracking page and the services history views.
 * Entity names: `SERVICES_ACTIVITY_ENTITY_LABELS` (common.ts).
 */
export const SERVICES_ACTIVITY_FIELD_LABELS: Readonly<
  Record<ServicesActivityEntityType, Readonly<Record<string, string>>>
> = {
  service_department: SERVICE_DEPARTMENT_FIELD_LABELS,
  service_axis: SERVICE_AXIS_FIELD_LABELS,
  service_type: SERVICE_TYPE_FIELD_LABELS,
  service: SERVICE_FIELD_LABELS,
};
