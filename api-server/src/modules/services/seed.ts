import type { Insertable, Transaction } from 'kysely';
import { todayIso } from 'shared-contracts';
import type { ServiceStatus } from 'shared-contracts/services';
import type { SeedContext } from '../../db/seed';
import type { Database } from '../../db/tables';
import { seededRandom } from '../families';
import type { ServicesTable, ServiceStatusHistoryTable } from './tables';

/** How many demo services: a few per demo family. */
export const DEMO_SERVICE_COUNT = 300;

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
const earliest = (a: string, b: string) => (a < b ? a : b);
/** 09:00 Riyadh on a date, with a few minutes' spread. */
const morningOf = (iso: string, minutes: number) =>
  new Date(Date.parse(`${iso}T06:00:00.000Z`) + minutes * 60_000);

/** Status mix of the demo services (cumulative weights). */
const STATUS_WEIGHTS: readonly [ServiceStatus, number][] = [
  ['requested', 0.15],
  ['approved', 0.3],
  ['in_progress', 0.45],
  ['delivered', 0.85],
  ['rejected', 0.92],
  ['cancelled', 1],
];

const DETAILS = [
  'تم التواصل مع الأسرة وتحديد موعد التسليم',
  'تم التحقق من الاحتياج خلال الزيارة الميدانية',
  'طلب مقدم من الباحث الاجتماعي بعد دراسة الحالة',
  'بناءً على تقرير طبي مرفق في ملف الأسرة',
];
const FOLLOW_UPS = [
  'متابعة الأسرة بعد شهر للتأكد من الاستفادة',
  'إعادة تقييم الاحتياج في الزيارة القادمة',
  'التنسيق مع الجهة المنفذة لجلسة متابعة',
];
const REJECTIONS = ['الاحتياج مغطى من جهة أخرى', 'لا تنطبق شروط الخدمة على الأسرة'];
const CANCELLATIONS = [
  'اعتذار الأسرة عن استلام الخدمة',
  'تعذر التواصل مع الأسرة',
  'انتهاء ميزانية البرنامج',
];

/**
 * The demo services (SEED_DEMO), after the demo families, employees, organisations and the
 * catalogue: DEMO_SERVICE_COUNT services over the approved families (and a few from before a
 * family was suspended), in every status, dated relative to today so some open ones are overdue,
 * each with its status history. Seeded random: the same data on every new database of a day.
 */
export async function seedServices(
  trx: Transaction<Database>,
  context: SeedContext,
): Promise<void> {
  if (!context.demo) return;
  const random = seededRandom(20261123);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    const item = list[Math.floor(random() * list.length)];
    if (item === undefined) throw new Error('picked from an empty list');
    return item;
  };
  const today = todayIso();

  const [families, members, types, organisations] = await Promise.all([
    trx
      .selectFrom('families')
      .select(['id', 'status'])
      .where('status', 'in', ['approved', 'suspended'])
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('family_members')
      .select(['id', 'family_id'])
      .where('active', '=', true)
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('service_types')
      .select(['id', 'default_cost', 'is_medical'])
      .where('active', '=', true)
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('organisations')
      .select('id')
      .where('status', '=', 'active')
      .orderBy('id')
      .execute(),
  ]);
  if (families.length === 0 || types.length === 0) return;
  const staff = [
    ...new Set([
      context.employees.get('researcher'),
      context.employees.get('coordinator'),
      context.employees.get('admin'),
    ]),
  ].filter((id): id is number => id !== undefined);
  const employee = () => (staff.length > 0 ? pick(staff) : null);
  const approvedFamilies = families.filter((family) => family.status === 'approved');
  const suspendedFamilies = families.filter((family) => family.status !== 'approved');

  const services: Insertable<ServicesTable>[] = [];
  const histories: Omit<Insertable<ServiceStatusHistoryTable>, 'service_id'>[][] = [];
  for (let index = 0; index < DEMO_SERVICE_COUNT; index += 1) {
    const roll = random();
    const status: ServiceStatus =
      STATUS_WEIGHTS.find(([, weight]) => roll < weight)?.[0] ?? 'cancelled';
    const open = status === 'requested' || status === 'approved' || status === 'in_progress';
    // A suspended family's services are old and closed; new and open ones go to approved families.
    const family =
      !open && suspendedFamilies.length > 0 && index % 15 === 0
        ? pick(suspendedFamilies)
        : approvedFamilies[index % approvedFamilies.length];
    if (!family) continue;
    const type = pick(types);
    const familyMembers = members.filter((member) => member.family_id === family.id);
    const member = familyMembers.length > 0 && random() < 0.4 ? pick(familyMembers) : null;
    const quantity =
      type.default_cost !== null && Number(type.default_cost) < 500 && random() < 0.3
        ? int(2, 4)
        : 1;
    const cost =
      type.default_cost === null
        ? random() < 0.5
          ? null
          : int(2, 40) * 50
        : Math.round(Number(type.default_cost) * quantity * 100) / 100;

    const requestDate = open ? addDays(today, -int(0, 45)) : addDays(today, -int(20, 360));
    const expectedDate = random() < 0.85 ? addDays(requestDate, int(7, 45)) : null;
    const approvalDate =
      status === 'requested' || status === 'rejected' || (status === 'cancelled' && random() < 0.5)
        ? null
        : earliest(addDays(requestDate, int(0, 5)), today);
    const deliveryDate =
      status === 'delivered'
        ? earliest(addDays(approvalDate ?? requestDate, int(1, 20)), today)
        : null;
    const reason =
      status === 'rejected'
        ? pick(REJECTIONS)
        : status === 'cancelled'
          ? pick(CANCELLATIONS)
          : null;
    const requestedBy = employee();

    const history: Omit<Insertable<ServiceStatusHistoryTable>, 'service_id'>[] = [
      {
        from_status: null,
        to_status: 'requested',
        reason: null,
        at: morningOf(requestDate, index % 50),
        by: requestedBy,
      },
    ];
    const step = (
      from: ServiceStatus,
      to: ServiceStatus,
      date: string,
      stepReason: string | null = null,
    ) =>
      history.push({
        from_status: from,
        to_status: to,
        reason: stepReason,
        at: morningOf(date, 60 + (index % 50)),
        by: employee(),
      });
    if (approvalDate) step('requested', 'approved', approvalDate);
    if (status === 'in_progress' || status === 'delivered')
      step('approved', 'in_progress', approvalDate ?? requestDate);
    if (status === 'delivered' && deliveryDate) step('in_progress', 'delivered', deliveryDate);
    if (status === 'rejected')
      step('requested', 'rejected', earliest(addDays(requestDate, int(1, 7)), today), reason);
    if (status === 'cancelled')
      step(
        approvalDate ? 'approved' : 'requested',
        'cancelled',
        earliest(addDays(approvalDate ?? requestDate, int(1, 10)), today),
        reason,
      );
    const last = history[history.length - 1];

    services.push({
      service_type_id: type.id,
      family_id: family.id,
      member_id: member?.id ?? null,
      requested_by: requestedBy,
      provider_id: open && status === 'requested' ? null : employee(),
      implementing_org_id:
        organisations.length > 0 && (type.is_medical || random() < 0.15)
          ? pick(organisations).id
          : null,
      request_date: requestDate,
      approval_date: approvalDate,
      expected_date: expectedDate,
      delivery_date: deliveryDate,
      quantity,
      cost,
      status,
      status_reason: reason,
      status_changed_at: last?.at ?? null,
      status_changed_by: last?.by ?? null,
      details: random() < 0.6 ? pick(DETAILS) : null,
      follow_up_recommendations: status === 'delivered' && random() < 0.5 ? pick(FOLLOW_UPS) : null,
      beneficiary_satisfaction:
        status === 'delivered' && random() < 0.8 ? (random() < 0.15 ? int(1, 2) : int(3, 5)) : null,
      created_at: morningOf(requestDate, index % 50),
      created_by: requestedBy,
      updated_at: last?.at instanceof Date ? last.at : morningOf(requestDate, index % 50),
      updated_by: last?.by ?? requestedBy,
    });
    histories.push(history);
  }

  for (let start = 0; start < services.length; start += 100) {
    // Identity values follow the VALUES order: sorted ids map back to the rows in order.
    const inserted = (
      await trx
        .insertInto('services')
        .values(services.slice(start, start + 100))
        .returning('id')
        .execute()
    ).sort((a, b) => a.id - b.id);
    const rows = inserted.flatMap((row, offset) =>
      (histories[start + offset] ?? []).map((entry) => ({ ...entry, service_id: row.id })),
    );
    await trx.insertInto('service_status_history').values(rows).execute();
  }
}
