import { sql, type Kysely, type RawBuilder } from 'kysely';
import { todayIso } from 'shared-contracts';
import { FAMILY_STATUS_CODES, type FamilyStatus } from 'shared-contracts/beneficiaries';
import { FINANCE_COUNTED_STATUSES } from 'shared-contracts/finance';
import { SERVICE_OPEN_STATUSES } from 'shared-contracts/services';
import {
  DASHBOARD_LIST_LIMIT,
  dashboardMonths,
  monthBounds,
  type Dashboard,
  type DashboardSection,
} from 'shared-contracts/reports';
import type { Database } from '../../db/tables';
import { visitMonthFigures } from '../visits';

/**
 * The dashboard's figures. This module has no tables: it reads the families, services, finance,
 * seminars and surveys tables with plain Kysely queries through the global `Database` type (a
 * read-only, cross-module aggregate, like the families list's `not_in_season` filter reads the
 * seasons table), never importing those modules' internals. Each figure uses the same rule as
 * the list it links to, so the number on the card is the number of rows the list shows.
 */

type Db = Kysely<Database>;

const list = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));
const OPEN_SERVICES = list(SERVICE_OPEN_STATUSES);
const COUNTED_RECORDS = list(FINANCE_COUNTED_STATUSES);
/** Seminars still ahead: not held and not cancelled (closed registration is still to come). */
const UPCOMING_SEMINARS = list(['planned', 'open', 'closed']);

/** Riyadh is UTC+3 all year (no daylight saving). */
const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;

/** Riyadh's wall clock `YYYY-MM-DDTHH:MM`, the form the seminars table keeps its times in. */
function riyadhWallClock(now: Date): string {
  return new Date(now.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 16);
}

/** A Riyadh calendar month `YYYY-MM` of a timestamptz, whatever the session's time zone. */
const riyadhMonth = (column: string) =>
  sql<string>`to_char((${sql.ref(column)} at time zone 'UTC') + interval '3 hours', 'YYYY-MM')`;

async function familiesSection(db: Db, today: string): Promise<NonNullable<Dashboard['families']>> {
  const months = dashboardMonths(today);
  // The first instant of the oldest month, Riyadh time.
  const since = new Date(`${months[0] ?? today.slice(0, 7)}-01T00:00:00+03:00`);
  const [statuses, overdue, registrations] = await Promise.all([
    db
      .selectFrom('families as f')
      .select(['f.status', sql<number>`count(*)::int`.as('count')])
      .groupBy('f.status')
      .execute(),
    db
      .selectFrom('families as f')
      .where('f.next_reassessment_date', '<', today)
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('families as f')
      .where('f.created_at', '>=', since)
      .select([riyadhMonth('f.created_at').as('month'), sql<number>`count(*)::int`.as('count')])
      .groupBy(riyadhMonth('f.created_at'))
      .execute(),
  ]);
  const byStatus = new Map(statuses.map((row) => [row.status, row.count]));
  const byMonth = new Map(registrations.map((row) => [row.month, row.count]));
  return {
    total: statuses.reduce((sum, row) => sum + row.count, 0),
    by_status: FAMILY_STATUS_CODES.map((status: FamilyStatus) => ({
      status,
      count: byStatus.get(status) ?? 0,
    })),
    registrations: months.map((month) => ({ month, count: byMonth.get(month) ?? 0 })),
    reassessment_overdue: overdue.count,
  };
}

async function servicesSection(db: Db, today: string): Promise<NonNullable<Dashboard['services']>> {
  const { from, to } = monthBounds(today.slice(0, 7));
  // Three counts, each read from a partial index that holds only its rows (the delivered
  // services by delivery date: `services_delivered_date_idx` of the reports' migration; the open
  // ones by expected date: `services_open_expected_idx`), instead of one pass over every service
  // ever recorded (300,000 in the reports bench, most of the dashboard's time).
  const count = (where: RawBuilder<boolean>) =>
    sql<number>`(select count(*) from services s where ${where})::int`;
  const row = await db
    .selectNoFrom([
      count(
        sql`s.status = 'delivered' and s.delivery_date between cast(${from} as date) and cast(${to} as date)`,
      ).as('delivered'),
      count(sql`s.status in (${OPEN_SERVICES})`).as('pending'),
      // The services list's `overdue` rule: open and past the expected date.
      count(sql`s.status in (${OPEN_SERVICES}) and s.expected_date < cast(${today} as date)`).as(
        'overdue',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { delivered_this_month: row.delivered, pending: row.pending, overdue: row.overdue };
}

async function financeSection(db: Db, today: string): Promise<NonNullable<Dashboard['finance']>> {
  const { from, to } = monthBounds(today.slice(0, 7));
  // Summed and rounded in PostgreSQL: money never passes through a JavaScript float.
  const sum = (direction: 'income' | 'expense') =>
    sql<string>`(coalesce(sum(r.amount) filter (where r.direction = ${direction}), 0))::numeric(16, 2)::text`;
  const row = await db
    .selectFrom('financial_records as r')
    .where(sql<boolean>`r.status in (${COUNTED_RECORDS})`)
    .where('r.occurred_on', '>=', from)
    .where('r.occurred_on', '<=', to)
    .select([sum('income').as('income'), sum('expense').as('expense')])
    .executeTakeFirstOrThrow();
  return { income: row.income, expense: row.expense };
}

async function seminarsSection(db: Db, now: Date): Promise<NonNullable<Dashboard['seminars']>> {
  const rows = await db
    .selectFrom('seminars as s')
    .where(sql<boolean>`s.status in (${UPCOMING_SEMINARS})`)
    .where('s.starts_at', '>=', riyadhWallClock(now))
    .select([
      's.id',
      's.title',
      's.starts_at',
      's.capacity',
      (eb) =>
        eb
          .selectFrom('seminar_audience as a')
          .whereRef('a.seminar_id', '=', 's.id')
          .where('a.state', '=', 'registered')
          .select(sql<number>`count(*)::int`.as('n'))
          .as('registered'),
      (eb) =>
        eb
          .selectFrom('seminar_audience as a')
          .whereRef('a.seminar_id', '=', 's.id')
          .where('a.state', '=', 'waiting')
          .select(sql<number>`count(*)::int`.as('n'))
          .as('waiting'),
    ])
    .orderBy('s.starts_at')
    .orderBy('s.id')
    .limit(DASHBOARD_LIST_LIMIT)
    .execute();
  return {
    upcoming: rows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      starts_at: row.starts_at,
      capacity: row.capacity,
      registered: row.registered ?? 0,
      waiting: row.waiting ?? 0,
    })),
  };
}

/** Open surveys: stored open and not past their end date (`surveyStatusOn`). */
async function surveysSection(db: Db, today: string): Promise<NonNullable<Dashboard['surveys']>> {
  const [total, rows] = await Promise.all([
    db
      .selectFrom('surveys as s')
      .where('s.status', '=', 'open')
      .where('s.ends_on', '>=', today)
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('surveys as s')
      .where('s.status', '=', 'open')
      .where('s.ends_on', '>=', today)
      .select([
        's.id',
        's.title',
        's.ends_on',
        (eb) =>
          eb
            .selectFrom('survey_responses as r')
            .whereRef('r.survey_id', '=', 's.id')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('responses'),
      ])
      .orderBy('s.ends_on')
      .orderBy('s.id')
      .limit(DASHBOARD_LIST_LIMIT)
      .execute(),
  ]);
  return {
    open_count: total.count,
    open: rows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      ends_on: row.ends_on,
      responses: row.responses ?? 0,
    })),
  };
}

/** The dashboard for an employee holding `sections` (the others are `null`, never computed). */
export async function loadDashboard(
  db: Db,
  sections: ReadonlySet<DashboardSection>,
  now: Date = new Date(),
): Promise<Dashboard> {
  const today = todayIso(now);
  const when = <T>(section: DashboardSection, load: () => Promise<T>): Promise<T | null> =>
    sections.has(section) ? load() : Promise.resolve(null);
  const [families, visits, services, finance, seminars, surveys] = await Promise.all([
    when('families', () => familiesSection(db, today)),
    when('visits', () => visitMonthFigures(db, monthBounds(today.slice(0, 7)), today)),
    when('services', () => servicesSection(db, today)),
    when('finance', () => financeSection(db, today)),
    when('seminars', () => seminarsSection(db, now)),
    when('surveys', () => surveysSection(db, today)),
  ]);
  return {
    today,
    month: today.slice(0, 7),
    families,
    visits,
    services,
    finance,
    seminars,
    surveys,
  };
}
