import type {
  Audience,
  AudienceEntry,
  Seminar,
  SeminarDetail,
  SeminarOptions,
} from 'shared-contracts/engagement';

/** Test data of the seminars feature (shared by its component tests). */

export function seminar(overrides: Partial<SeminarDetail> = {}): SeminarDetail {
  return {
    id: 5,
    title: 'إدارة ميزانية الأسرة',
    seminar_type: { id: 2, name: 'ندوة توعوية' },
    axis: { id: 1, name: 'التمكين' },
    presenter: 'أ. منيرة العتيبي',
    venue: 'قاعة الجمعية',
    online_url: null,
    starts_at: '2026-12-01T17:00',
    ends_at: '2026-12-01T19:00',
    capacity: 3,
    target_gender: null,
    target_age_min: null,
    target_age_max: null,
    target_categories: [],
    status: 'open',
    status_reason: null,
    registered_count: 3,
    waiting_count: 1,
    attended_count: 0,
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
    description: 'لقاء توعوي',
    status_changed_at: null,
    status_changed_by: null,
    ...overrides,
  };
}

export function seminarListItem(overrides: Partial<Seminar> = {}): Seminar {
  const { description: _d, status_changed_at: _a, status_changed_by: _b, ...item } = seminar();
  return { ...item, ...overrides };
}

export const SEMINAR_OPTIONS: SeminarOptions = {
  types: [
    { id: 2, name: 'ندوة توعوية', active: true },
    { id: 3, name: 'دورة تدريبية', active: true },
    { id: 4, name: 'نوع موقوف', active: false },
  ],
  axes: [{ id: 1, name: 'التمكين', active: true }],
};

export function audienceEntry(overrides: Partial<AudienceEntry> = {}): AudienceEntry {
  return {
    id: 1,
    kind: 'member',
    name: 'هيا علي الحربي',
    member_id: 11,
    national_id: '1012345678',
    family: { id: 7, file_number: 'F-1446-00007', head_name: 'خالد سعد الحربي' },
    phone: null,
    state: 'registered',
    waiting_position: null,
    attendance: null,
    attendance_at: null,
    registered_at: '2026-11-02T08:00:00.000Z',
    promoted_at: null,
    override_note: null,
    registered_by: 'هند البرامج',
    ...overrides,
  };
}

/** An open seminar of 3 places: three registered (the last moved up from the waiting list), one waiting. */
export function audience(
  entries: AudienceEntry[] = defaultEntries(),
  seminarOverrides: Partial<Audience['seminar']> = {},
): Audience {
  const registered = entries.filter((entry) => entry.state === 'registered');
  const attended = registered.filter((entry) => entry.attendance === 'attended').length;
  const noShow = registered.filter((entry) => entry.attendance === 'no_show').length;
  return {
    seminar: {
      id: 5,
      title: 'إدارة ميزانية الأسرة',
      // Begun already: attendance is taken from the start time on.
      starts_at: '2026-01-10T17:00',
      ends_at: '2026-01-10T19:00',
      venue: 'قاعة الجمعية',
      online_url: null,
      presenter: 'أ. منيرة العتيبي',
      capacity: 3,
      status: 'open',
      ...seminarOverrides,
    },
    entries,
    counts: {
      registered: registered.length,
      waiting: entries.length - registered.length,
      attended,
      no_show: noShow,
      unmarked: registered.length - attended - noShow,
      free_places: Math.max(3 - registered.length, 0),
    },
  };
}

export function defaultEntries(): AudienceEntry[] {
  return [
    audienceEntry(),
    audienceEntry({ id: 2, name: 'سعد خالد الحربي', member_id: 12, national_id: '1098765432' }),
    audienceEntry({
      id: 3,
      kind: 'guest',
      name: 'سلمان الحارثي',
      member_id: null,
      national_id: null,
      family: null,
      phone: '+966500000101',
      promoted_at: '2026-11-03T08:00:00.000Z',
    }),
    audienceEntry({
      id: 4,
      kind: 'guest',
      name: 'هدى البقمي',
      member_id: null,
      national_id: null,
      family: null,
      phone: '+966500000102',
      state: 'waiting',
      waiting_position: 1,
    }),
  ];
}
