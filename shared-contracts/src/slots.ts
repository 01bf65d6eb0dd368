import type { ComponentType, LazyExoticComponent } from 'react';
import { decideAccess, type AccessSubject } from './access';
import type { PermissionKey } from './permissions';
import type { RemoteName } from './remotes';

/**
 * Cross-remote panels (docs/architecture.md#federation): a page declares a named slot with `<Slot
 * name=… props=…>` (shared-ui); another remote contributes a panel to it through its `./panels`
 * expose; the host loads the contributions at run time, each isolated like a page (a failed panel
 * is one Arabic error line, the page keeps working). This table is the contract between the three:
 * which panels a slot shows, from which remote, in which order, and who may see each.
 */

/**
 * The props a slot hands to every panel contributed to it, per slot name. Adding a slot is adding
 * a key here; its panels then receive exactly these props (checked by `RemotePanels`).
 */
export interface SlotPropsMap {
  /** The family file page (/families/show/:id, mf-beneficiaries). */
  'families.show': { familyId: number };
  /** The organisation page (/orgs/show/:id, mf-beneficiaries). */
  'orgs.show': { orgId: number };
  /** The seasonal programme page (/seasons/show/:id, mf-beneficiaries). */
  'seasons.show': { seasonId: number };
}

export type SlotName = keyof SlotPropsMap;
export type SlotProps<S extends SlotName> = SlotPropsMap[S];

export interface SlotDefinition {
  readonly slot: SlotName;
  /** The remote whose `./panels` module provides the panel. */
  readonly remote: RemoteName;
  /** The key of the panel in that remote's `./panels` map; unique in the table. */
  readonly panelId: string;
  /** The panel's Arabic heading (and the name its error line gives). */
  readonly title: string;
  /** Position within the slot, ascending. */
  readonly order: number;
  /** Who may see it, as for routes: every key is required… */
  readonly permissions: readonly PermissionKey[];
  /** …or a super administrator instead of a key. */
  readonly superAdminOnly?: boolean;
  /**
   * The panel section's `id`: a link to `<page>#<anchor>` scrolls to the panel once it has
   * loaded (a «مهامي» task links to a family's documents this way).
   */
  readonly anchor?: string;
}

/** The family page's documents panel: `/families/show/{id}#documents`. */
export const FAMILY_DOCUMENTS_ANCHOR = 'documents';

export const SLOTS = [
  {
    slot: 'families.show',
    remote: 'mf-beneficiaries',
    panelId: 'families.show.visits',
    title: 'الزيارات الميدانية',
    order: 10,
    permissions: ['show_families'],
  },
  {
    slot: 'families.show',
    remote: 'mf-beneficiaries',
    panelId: 'families.show.documents',
    title: 'المستندات',
    order: 5,
    permissions: ['show_families'],
    anchor: FAMILY_DOCUMENTS_ANCHOR,
  },
  {
    slot: 'families.show',
    remote: 'mf-beneficiaries',
    panelId: 'families.show.consents',
    title: 'موافقات الأسرة',
    order: 7,
    permissions: ['show_families'],
  },
  {
    slot: 'families.show',
    remote: 'mf-beneficiaries',
    panelId: 'families.show.access-log',
    title: 'من اطّلع على الملف',
    order: 90,
    // Who looked at a file is itself personal data about staff and families (docs/personal-data.md).
    permissions: ['show_families', 'manage_personal_data'],
  },
  {
    slot: 'families.show',
    remote: 'mf-admin',
    panelId: 'families.show.activity',
    title: 'آخر نشاط على ملف الأسرة',
    order: 100,
    // The activity log is super-admin only (docs/shell.md#permissions), and so is what the panel
    // reads from it.
    permissions: [],
    superAdminOnly: true,
  },
  {
    slot: 'families.show',
    remote: 'mf-services',
    panelId: 'families.show.services',
    title: 'الخدمات المقدمة للأسرة',
    order: 20,
    permissions: ['show_services'],
  },
  {
    slot: 'families.show',
    remote: 'mf-finance',
    panelId: 'families.show.finance',
    title: 'المبالغ المرتبطة بالأسرة',
    order: 30,
    permissions: ['show_financial'],
  },
  {
    slot: 'families.show',
    remote: 'mf-engagement',
    panelId: 'families.show.seminars',
    title: 'الندوات التي حضرها أفراد الأسرة',
    order: 40,
    permissions: ['show_seminars'],
  },
  {
    slot: 'orgs.show',
    remote: 'mf-finance',
    panelId: 'orgs.show.finance',
    title: 'المبالغ المرتبطة بالجهة',
    order: 30,
    permissions: ['show_financial'],
  },
  {
    slot: 'seasons.show',
    remote: 'mf-finance',
    panelId: 'seasons.show.finance',
    title: 'المبالغ المرتبطة بالبرنامج',
    order: 30,
    permissions: ['show_financial'],
  },
] as const satisfies readonly SlotDefinition[];

export type SlotEntry = (typeof SLOTS)[number];

/** The panel ids a remote must provide in its `./panels` map. */
export type PanelIdOf<R extends RemoteName> = Extract<SlotEntry, { remote: R }>['panelId'];

/** The slot a remote's panel is contributed to (which props it receives). */
export type SlotOfPanel<R extends RemoteName, P extends string> = Extract<
  SlotEntry,
  { remote: R; panelId: P }
>['slot'];

/**
 * What a remote's `./panels` module default-exports: exactly one lazily loaded component per
 * panel the slot table gives that remote, taking its slot's props. A missing or an extra panel
 * is a compile error (as for `RemotePages`).
 */
export type RemotePanels<R extends RemoteName> = {
  readonly [P in PanelIdOf<R>]: LazyExoticComponent<ComponentType<SlotProps<SlotOfPanel<R, P>>>>;
};

export interface RemotePanelsModule<R extends RemoteName = RemoteName> {
  default: RemotePanels<R>;
}

/** What a remote exposes when the slot table gives it panels (besides `./pages`). */
export const REMOTE_PANELS_EXPOSE = './panels';

/** The table's entries for a slot, in display order. */
export function slotPanels(slot: SlotName): SlotDefinition[] {
  return SLOTS.filter((entry) => entry.slot === slot).sort((a, b) => a.order - b.order);
}

/** The table's entries a remote must provide (its `./panels` map's keys, in table order). */
export function panelsOf(remote: RemoteName): SlotDefinition[] {
  return SLOTS.filter((entry) => entry.remote === remote);
}

/**
 * The panels of a slot this employee may see, in display order: the route guard's rule (active,
 * every key, or a super administrator for `superAdminOnly`). Nothing before the employee is known.
 */
export function visibleSlotPanels(
  slot: SlotName,
  employee: AccessSubject | null | undefined,
): SlotDefinition[] {
  if (!employee) return [];
  return slotPanels(slot).filter((entry) => decideAccess(employee, entry) === 'allowed');
}
