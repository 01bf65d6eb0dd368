import { DASHBOARD_SECTION_KEYS, type DashboardSection } from 'shared-contracts/reports';

/** The sections whose list the caller may open: the server leaves the others out (null). */
export function sectionsOf(permissions: readonly string[]): Set<DashboardSection> {
  const held = new Set(permissions);
  const sections = Object.keys(DASHBOARD_SECTION_KEYS).filter(
    (section): section is DashboardSection => section in DASHBOARD_SECTION_KEYS,
  );
  return new Set(sections.filter((section) => held.has(DASHBOARD_SECTION_KEYS[section])));
}
