import { describeActivityChanges, type ActivityLogEntry } from 'shared-contracts/admin';

/**
 * The family timeline reads a logged change through the one shared formatter
 * (`shared-contracts/admin` activity-format, also used by the activity-tracking page): Arabic
 * field names per entity type, lookup labels, money in riyals, dates, phones in display form.
 */
export function timelineChanges(entry: Pick<ActivityLogEntry, 'entity_type' | 'changes'>) {
  return describeActivityChanges(entry.entity_type, entry.changes);
}
