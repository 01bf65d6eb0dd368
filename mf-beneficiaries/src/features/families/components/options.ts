import {
  FAMILY_STATUSES,
  GENDERS,
  HOUSING_OWNERSHIPS,
  NEED_PRIORITIES,
  RELATIONSHIPS,
} from 'shared-contracts';
import type { SelectOption } from 'shared-ui';

const toOptions = (list: readonly { code: string; label: string }[]): SelectOption[] =>
  list.map((item) => ({ value: item.code, label: item.label }));

export const GENDER_OPTIONS = toOptions(GENDERS);
export const RELATIONSHIP_OPTIONS = toOptions(RELATIONSHIPS);
/** A member other than the head (the family has exactly one head). */
export const MEMBER_RELATIONSHIP_OPTIONS = toOptions(
  RELATIONSHIPS.filter((item) => item.code !== 'head'),
);
export const HOUSING_OWNERSHIP_OPTIONS = toOptions(HOUSING_OWNERSHIPS);
export const NEED_PRIORITY_OPTIONS = toOptions(NEED_PRIORITIES);
export const FAMILY_STATUS_OPTIONS = toOptions(FAMILY_STATUSES);
