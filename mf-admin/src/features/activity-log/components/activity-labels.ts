import {
  ACTIVITY_ACTION_LABELS,
  ACTIVITY_ENTITY_LABELS,
  describeActivityValue,
  findActivityFieldLabel,
  type ActivityValueText,
} from 'shared-contracts/admin';
import { EMPTY_VALUE } from 'shared-ui';

/**
 * Arabic names of the actions, record types and changed fields, from the contracts' label tables
 * (the same ones the family timeline reads). Actions and types added by later modules (the
 * database keeps them open) are shown as written rather than hidden.
 */
export function actionLabel(action: string): string {
  return ACTIVITY_ACTION_LABELS[action] ?? action;
}

export function entityTypeLabel(entityType: string | null): string {
  if (!entityType) return EMPTY_VALUE;
  return ACTIVITY_ENTITY_LABELS[entityType] ?? entityType;
}

/** A changed field's Arabic name for the row's record type; `undefined` when none is known. */
export function fieldLabel(entityType: string | null, field: string): string | undefined {
  return findActivityFieldLabel(entityType, field);
}

/** The readable form of one old or new value; `ltr` marks text that must keep its direction. */
export function describeValue(
  entityType: string | null,
  field: string,
  value: unknown,
): ActivityValueText {
  return describeActivityValue(entityType, field, value);
}
