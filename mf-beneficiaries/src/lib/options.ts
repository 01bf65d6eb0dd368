import { RELATIONSHIPS } from 'shared-contracts/beneficiaries';

/** The relationships of a member other than the head (the family has exactly one head). */
export const MEMBER_RELATIONSHIPS = RELATIONSHIPS.filter((item) => item.code !== 'head');
