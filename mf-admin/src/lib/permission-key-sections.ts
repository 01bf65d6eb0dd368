import { declaredPermissionSections, type PermissionKey } from 'shared-contracts';

export interface PermissionKeySection {
  title: string;
  keys: readonly PermissionKey[];
}

/**
 * (Sections of the checklist, not the permission groups employees belong to.)
 * The permission keys grouped as the sidebar groups the pages, so an administrator finds
 * "families: show / create / edit" together. Derived from the resource declarations (each names
 * its keys and the section they belong to), so a new resource's keys cannot be missing here; a
 * test still checks every key of PERMISSION_KEYS appears exactly once.
 */
export const PERMISSION_KEY_SECTIONS: readonly PermissionKeySection[] =
  declaredPermissionSections();
