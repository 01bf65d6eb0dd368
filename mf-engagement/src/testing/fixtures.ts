import type { Employee, PermissionKey } from 'shared-contracts';

/** Everything the engagement section needs: seminars, surveys and their templates, and the families they reach. */
export const ENGAGEMENT_KEYS: PermissionKey[] = [
  'show_seminars',
  'show_surveys',
  'show_survey_templates',
  'show_families',
];

/** The logged-in employee of a test (an engagement officer unless told otherwise). */
export function employee(permissions: PermissionKey[] = ENGAGEMENT_KEYS): Employee {
  return {
    id: 1,
    name: 'هند البرامج',
    email: 'hind@example.org',
    active: true,
    permissions,
    role: null,
  };
}
