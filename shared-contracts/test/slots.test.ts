import type { ComponentType, LazyExoticComponent } from 'react';
import { PERMISSION_KEYS, type PermissionKey } from '../src/permissions';
import { REMOTE_NAMES } from '../src/remotes';
import {
  REMOTE_PANELS_EXPOSE,
  SLOTS,
  panelsOf,
  slotPanels,
  visibleSlotPanels,
  type RemotePanels,
  type SlotName,
} from '../src/slots';

const ARABIC = /[\u0600-\u06FF]/;
const LATIN = /[A-Za-z]/;

const subject = (
  permissions: readonly PermissionKey[],
  extra: Partial<{ active: boolean; role: string }> = {},
) => ({ active: true, permissions, ...extra });

describe('the slot table (cross-remote panels)', () => {
  test('every panel id is unique and every entry is well formed', () => {
    const ids = SLOTS.map((entry) => entry.panelId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of SLOTS) {
      expect(REMOTE_NAMES).toContain(entry.remote);
      expect(entry.title).toMatch(ARABIC);
      expect(entry.title).not.toMatch(LATIN);
      expect(Number.isFinite(entry.order)).toBe(true);
      for (const key of entry.permissions) expect(PERMISSION_KEYS).toContain(key);
    }
  });

  test('a remote never contributes to a slot twice at the same position', () => {
    const positions = SLOTS.map((entry) => `${entry.slot}#${entry.order}`);
    expect(new Set(positions).size).toBe(positions.length);
  });

  test('the family page shows the admin activity panel, to super admins only', () => {
    expect(slotPanels('families.show')).toContainEqual(
      expect.objectContaining({
        remote: 'mf-admin',
        panelId: 'families.show.activity',
        title: 'آخر نشاط على ملف الأسرة',
        superAdminOnly: true,
      }),
    );
    expect(panelsOf('mf-admin').map((entry) => entry.panelId)).toEqual(['families.show.activity']);
    expect(panelsOf('mf-reports')).toEqual([]);
    expect(REMOTE_PANELS_EXPOSE).toBe('./panels');
  });

  test('slotPanels orders a slot by `order`', () => {
    const orders = slotPanels('families.show').map((entry) => entry.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });
});

describe('visibleSlotPanels: the route guard’s rule', () => {
  const activityPanel = (panels: { panelId: string }[]) =>
    panels.some((entry) => entry.panelId === 'families.show.activity');

  test('a super admin sees the super-admin panel; holding every key is not enough', () => {
    expect(
      activityPanel(visibleSlotPanels('families.show', subject([], { role: 'Super Admin' }))),
    ).toBe(true);
    expect(activityPanel(visibleSlotPanels('families.show', subject(PERMISSION_KEYS)))).toBe(false);
  });

  test('an inactive employee, or one not known yet, sees nothing', () => {
    expect(
      visibleSlotPanels(
        'families.show',
        subject(PERMISSION_KEYS, { active: false, role: 'Super Admin' }),
      ),
    ).toEqual([]);
    expect(visibleSlotPanels('families.show', null)).toEqual([]);
    expect(visibleSlotPanels('families.show', undefined)).toEqual([]);
  });

  test('an unknown slot name is a type error and shows nothing', () => {
    // @ts-expect-error only the slots of SlotPropsMap exist
    const name: SlotName = 'families.nowhere';
    expect(visibleSlotPanels(name, subject([], { role: 'Super Admin' }))).toEqual([]);
  });
});

describe('RemotePanels (checked by tsc in `pnpm typecheck`)', () => {
  const Panel = {} as LazyExoticComponent<ComponentType<{ familyId: number }>>;
  const Wrong = {} as LazyExoticComponent<ComponentType<{ seminarId: string }>>;

  test('a remote’s map must have exactly its panels, taking its slot’s props', () => {
    const complete: RemotePanels<'mf-admin'> = { 'families.show.activity': Panel };
    // @ts-expect-error a map missing one of the remote's panels
    const missing: RemotePanels<'mf-admin'> = {};
    const extra: RemotePanels<'mf-admin'> = {
      'families.show.activity': Panel,
      // @ts-expect-error a panel the table does not give the remote
      'families.show.other': Panel,
    };
    // @ts-expect-error a panel that wants other props than its slot gives
    const wrongProps: RemotePanels<'mf-admin'> = { 'families.show.activity': Wrong };
    // A remote the table gives no panel has an empty map.
    const none: RemotePanels<'mf-reports'> = {};
    expect([complete, missing, extra, wrongProps, none]).toHaveLength(5);
  });
});
