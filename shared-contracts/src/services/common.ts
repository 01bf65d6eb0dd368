import { z } from 'zod';
import { defineFieldVisibility } from '../core/field-visibility';
import { isoDateSchema, isBlank } from '../core/values';

/**
 * What the four services resources (departments, axes, types, services) share: the `{ id, name }`
 * reference of a catalogue entry, the answer of a delete, the optional date of a list filter, and
 * the activity-log entity types with their Arabic names.
 */

/** A catalogue entry (department, axis, type, organisation) as another record refers to it. */
export const namedRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

/** `DELETE /service-…/{id}`: the Arabic confirmation. */
export const deleteResponseSchema = z.object({ message: z.string() });
export type DeleteResponse = z.infer<typeof deleteResponseSchema>;

/** A `YYYY-MM-DD` list filter; blank means "no filter". */
export function dateFilter() {
  return z
    .preprocess((value: unknown) => (isBlank(value) ? undefined : value), isoDateSchema.optional())
    .optional();
}

/** The activity-log `entity_type` of each services record, with its Arabic name. */
export const SERVICES_ACTIVITY_ENTITY_LABELS = {
  service_department: 'قطاع خدمات',
  service_axis: 'محور خدمات',
  service_type: 'نوع خدمة',
  service: 'خدمة',
} as const satisfies Record<string, string>;
export type ServicesActivityEntityType = keyof typeof SERVICES_ACTIVITY_ENTITY_LABELS;

/**
 * Who may read each services record's activity rows where another record's history shows them
 * (a service appears on its family's timeline): as on the record itself, `show_services`.
 */
export const SERVICES_ACTIVITY_ENTITY_ACCESS = defineFieldVisibility({
  service: ['show_services'],
  service_type: ['show_services'],
});
