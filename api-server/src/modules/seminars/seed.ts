import type { Insertable, Transaction } from 'kysely';
import { normaliseArabic, todayIso } from 'shared-contracts';
import type { SeminarStatus } from 'shared-contracts/engagement';
import type { SeedContext } from '../../db/seed';
import type { Database } from '../../db/tables';
import { seededRandom } from '../families';
import type { SeminarAudienceTable } from './tables';

/** The demo seminar types (the last one retired). */
export const DEMO_SEMINAR_TYPES = [
  { name: 'ندوة توعوية', description: 'لقاء توعوي قصير في موضوع واحد' },
  { name: 'دورة تدريبية', description: 'برنامج تدريبي على أكثر من جلسة' },
  { name: 'ورشة عمل', description: 'تطبيق عملي بمجموعات صغيرة' },
  { name: 'لقاء أسري', description: 'لقاء للأسر المستفيدة وأبنائها' },
  { name: 'محاضرة عن بعد', description: 'محاضرة تُبث عبر الإنترنت', active: false },
] as const;

interface DemoSeminar {
  title: string;
  type: number;
  /** Days from today (negative: past). */
  day: number;
  hours: [string, string];
  capacity: number;
  status: SeminarStatus;
  presenter: string;
  venue: string | null;
  online_url?: string;
  target_gender?: 'male' | 'female';
  target_age_min?: number;
  target_age_max?: number;
  target_categories?: string[];
  /** How many people to register (beyond capacity: the waiting list). */
  audience: number;
  reason?: string;
}

const SEMINARS: readonly DemoSeminar[] = [
  {
    title: 'إدارة ميزانية الأسرة',
    type: 0,
    day: -60,
    hours: ['17:00', '19:00'],
    capacity: 30,
    status: 'held',
    presenter: 'أ. منيرة العتيبي',
    venue: 'قاعة الجمعية الرئيسية',
    target_gender: 'female',
    target_age_min: 18,
    audience: 26,
  },
  {
    title: 'مهارات البحث عن عمل',
    type: 1,
    day: -35,
    hours: ['16:30', '20:30'],
    capacity: 20,
    status: 'held',
    presenter: 'م. فهد القحطاني',
    venue: 'مركز التدريب',
    target_age_min: 18,
    target_age_max: 45,
    audience: 20,
  },
  {
    title: 'الإسعافات الأولية في المنزل',
    type: 2,
    day: -14,
    hours: ['10:00', '12:00'],
    capacity: 15,
    status: 'held',
    presenter: 'د. سارة الزهراني',
    venue: 'قاعة الجمعية الرئيسية',
    audience: 14,
  },
  {
    title: 'التوعية بمخاطر الأجهزة الذكية على الأطفال',
    type: 0,
    day: -3,
    hours: ['18:00', '19:30'],
    capacity: 40,
    status: 'closed',
    presenter: 'أ. خالد الشمري',
    venue: null,
    online_url: 'https://meet.example.org/ataa-kids',
    audience: 22,
  },
  {
    title: 'الادخار والمشروعات الصغيرة',
    type: 1,
    day: 7,
    hours: ['17:00', '20:00'],
    capacity: 12,
    status: 'open',
    presenter: 'أ. نورة الدوسري',
    venue: 'مركز التدريب',
    target_categories: ['widows', 'divorced', 'low_income'],
    audience: 15,
  },
  {
    title: 'لقاء الأسر المستفيدة السنوي',
    type: 3,
    day: 21,
    hours: ['16:00', '21:00'],
    capacity: 80,
    status: 'open',
    presenter: 'إدارة الجمعية',
    venue: 'قاعة الاحتفالات',
    audience: 18,
  },
  {
    title: 'الاستعداد للعام الدراسي',
    type: 2,
    day: 30,
    hours: ['09:00', '11:00'],
    capacity: 25,
    status: 'planned',
    presenter: 'أ. عبدالله المطيري',
    venue: 'قاعة الجمعية الرئيسية',
    target_age_min: 10,
    target_age_max: 18,
    audience: 0,
  },
  {
    title: 'التغذية الصحية للأطفال',
    type: 0,
    day: 10,
    hours: ['17:00', '18:30'],
    capacity: 30,
    status: 'cancelled',
    presenter: 'د. ريم السبيعي',
    venue: 'قاعة الجمعية الرئيسية',
    audience: 0,
    reason: 'اعتذار المحاضرة لظرف طارئ',
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The demo seminars (SEED_DEMO), after the families and the services catalogue: five types,
 * eight seminars dated around today (held ones with their attendance marked, one closed awaiting
 * its marks, open ones with registrations and a waiting list, a planned one and a cancelled one),
 * each audience drawn from current members of approved families. Seeded random: the same data on
 * every new database of a day.
 */
export async function seedSeminars(
  trx: Transaction<Database>,
  context: SeedContext,
): Promise<void> {
  if (!context.demo) return;
  const random = seededRandom(20261124);
  const today = todayIso();
  const adminId = context.employees.get('admin') ?? null;
  const staffId =
    context.employees.get('coordinator') ?? context.employees.get('researcher') ?? adminId;
  const audit = { created_by: staffId, updated_by: staffId };

  const types = await trx
    .insertInto('seminar_types')
    .values(
      DEMO_SEMINAR_TYPES.map((type) => ({
        name: type.name,
        name_normalized: normaliseArabic(type.name),
        description: type.description,
        active: !('active' in type) || type.active,
        search_text: [type.name, type.description].map((part) => normaliseArabic(part)).join(' '),
        created_by: adminId,
        updated_by: adminId,
      })),
    )
    .returning('id')
    .execute();
  const axes = await trx
    .selectFrom('service_axes')
    .select('id')
    .where('active', '=', true)
    .orderBy('id')
    .execute();
  const members = await trx
    .selectFrom('family_members as m')
    .innerJoin('families as f', 'f.id', 'm.family_id')
    .select(['m.id', 'm.family_id', 'm.full_name', 'm.gender', 'm.birth_date'])
    .where('m.active', '=', true)
    .where('f.status', '=', 'approved')
    .orderBy('m.id')
    .execute();

  for (const [index, demo] of SEMINARS.entries()) {
    const date = addDays(today, demo.day);
    const typeId = types[demo.type]?.id;
    if (typeId === undefined) continue;
    // Only people the seminar targets (the demo has no overrides); adults unless it says otherwise.
    const eligible = members.filter((member) => {
      if (demo.target_gender && member.gender !== demo.target_gender) return false;
      const age = member.birth_date
        ? Number(date.slice(0, 4)) - Number(member.birth_date.slice(0, 4))
        : null;
      if (age === null)
        return demo.target_age_min === undefined && demo.target_age_max === undefined;
      return age >= (demo.target_age_min ?? 0) && age <= (demo.target_age_max ?? 120);
    });
    const createdAt = new Date(Date.parse(`${addDays(date, -20)}T06:00:00.000Z`));
    const { id } = await trx
      .insertInto('seminars')
      .values({
        title: demo.title,
        seminar_type_id: typeId,
        axis_id: axes.length > 0 ? (axes[index % axes.length]?.id ?? null) : null,
        presenter: demo.presenter,
        venue: demo.venue,
        online_url: demo.online_url ?? null,
        starts_at: `${date}T${demo.hours[0]}`,
        ends_at: `${date}T${demo.hours[1]}`,
        capacity: demo.capacity,
        target_gender: demo.target_gender ?? null,
        target_age_min: demo.target_age_min ?? null,
        target_age_max: demo.target_age_max ?? null,
        // Family categories are not checked against the demo audience: the seed leaves them to the open seminar that shows them.
        target_categories: demo.target_categories ?? [],
        description: `${demo.title}: ندوة من برنامج التوعية الأسرية للجمعية.`,
        status: demo.status,
        status_reason: demo.reason ?? null,
        status_changed_at: createdAt,
        status_changed_by: staffId,
        search_text: [demo.title, demo.presenter, demo.venue ?? '']
          .map((part) => normaliseArabic(part))
          .join(' '),
        created_at: createdAt,
        updated_at: createdAt,
        ...audit,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    // A seeded shuffle of the eligible members, then the first `audience` of them in arrival order.
    const pool = [...eligible].sort(() => random() - 0.5).slice(0, demo.audience);
    const marked = demo.status === 'held';
    const rows: Insertable<SeminarAudienceTable>[] = pool.map((member, position) => {
      const registered = position < demo.capacity;
      const attendance = marked && registered ? (random() < 0.8 ? 'attended' : 'no_show') : null;
      return {
        seminar_id: id,
        member_id: member.id,
        family_id: member.family_id,
        person_name: member.full_name,
        state: registered ? 'registered' : 'waiting',
        position: position + 1,
        attendance,
        attendance_at: attendance
          ? new Date(Date.parse(`${date}T${demo.hours[0]}:00+03:00`))
          : null,
        attendance_by: attendance ? staffId : null,
        created_at: new Date(createdAt.getTime() + (position + 1) * 3_600_000),
        created_by: staffId,
      };
    });
    // Two external guests at the annual meeting.
    if (demo.type === 3) {
      for (const guest of [
        ['سلمان الحارثي', '+966500000101'],
        ['هدى البقمي', '+966500000102'],
      ]) {
        rows.push({
          seminar_id: id,
          member_id: null,
          family_id: null,
          person_name: guest[0] ?? '',
          guest_phone: guest[1] ?? null,
          state: 'registered',
          position: rows.length + 1,
          created_at: new Date(createdAt.getTime() + (rows.length + 1) * 3_600_000),
          created_by: staffId,
        });
      }
    }
    if (rows.length > 0) await trx.insertInto('seminar_audience').values(rows).execute();
    await trx
      .updateTable('seminars')
      .set({ last_position: rows.length })
      .where('id', '=', id)
      .execute();
  }
}
