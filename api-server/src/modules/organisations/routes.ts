import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  BENEFICIARIES_ENDPOINTS as E,
  normaliseArabic,
  organisationInputSchema,
  organisationListQuery,
  organisationListQuerySchema,
  organisationListResponseSchema,
  organisationResponseSchema,
  type Organisation,
  type OrganisationDetail,
  type OrganisationInput,
} from 'shared-contracts';
import type { Database, OrganisationRow } from '../../db/schema';
import { requireAuth } from '../../http/access-control';
import { endpointRoute, listQueryDocs } from '../../http/endpoint';
import { conflict, MESSAGES, orNotFound, unprocessable } from '../../http/errors';
import { offsetOf, pageEnvelope } from '../../http/pagination';
import { requestMeta } from '../../http/request-meta';
import { parseId, parseInput } from '../../http/validation';
import { diffChanges, recordActivity } from '../activity-log/repository';
import { searchAlternatives, searchCondition } from '../families/search';
import { organisationSearchText } from './repository';
import { isUniqueViolation } from '../families/routes';
import { checkLookupCode, FieldErrors, heldKey, loadLookups, type LookupSet } from '../lookups/repository';

type Executor = Kysely<Database> | Transaction<Database>;
const TAGS = ['organisations'];

export const ORGANISATION_API_MESSAGES = {
  notFound: 'الجهة غير موجودة',
  created: 'تمت إضافة الجهة بنجاح',
  updated: 'تم تحديث بيانات الجهة بنجاح',
  duplicateName: 'توجد جهة مسجلة بالاسم نفسه',
  duplicateRegistration: 'رقم السجل أو الترخيص مسجل لجهة أخرى',
  agreementNotFound: 'الاتفاقية غير موجودة ضمن اتفاقيات هذه الجهة',
} as const;

const SORT_COLUMNS = {
  name: 'o.name',
  type: 'o.type',
  status: 'o.status',
  city: 'o.city',
  created_at: 'o.created_at',
  updated_at: 'o.updated_at',
} as const;

function toOrganisation(row: OrganisationRow & { agreements_count: number }, lookups: LookupSet): Organisation {
  return {
    id: row.id,
    name: row.name,
    name_en: row.name_en,
    type: row.type as Organisation['type'],
    registration_number: row.registration_number,
    contact_person: row.contact_person,
    phone: row.phone,
    email: row.email,
    city: lookups.ref('cities', row.city),
    website: row.website,
    status: row.status as Organisation['status'],
    agreements_count: row.agreements_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function loadOrganisation(db: Executor, id: number, lookups: LookupSet): Promise<OrganisationDetail | undefined> {
  const row = await db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const agreements = await db
    .selectFrom('organisation_agreements')
    .selectAll()
    .where('organisation_id', '=', id)
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  return {
    ...toOrganisation({ ...row, agreements_count: agreements.length }, lookups),
    notes: row.notes,
    agreements: agreements.map((agreement) => ({
      id: agreement.id,
      title: agreement.title,
      start_date: agreement.start_date,
      end_date: agreement.end_date,
      value: agreement.value,
      notes: agreement.notes,
    })),
  };
}

function organisationColumns(input: OrganisationInput) {
  return {
    name: input.name,
    name_normalized: normaliseArabic(input.name),
    name_en: input.name_en ?? null,
    type: input.type,
    registration_number: input.registration_number ?? null,
    contact_person: input.contact_person ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    city: input.city ?? null,
    website: input.website ?? null,
    status: input.status,
    notes: input.notes ?? null,
    search_text: organisationSearchText(input),
  };
}

type OrganisationColumns = ReturnType<typeof organisationColumns>;

const AUDITED_FIELDS = [
  'name',
  'name_en',
  'type',
  'registration_number',
  'contact_person',
  'phone',
  'email',
  'city',
  'website',
  'status',
  'notes',
] as const;

function audited(
  columns: Record<(typeof AUDITED_FIELDS)[number], unknown>,
  agreements: readonly { title: string; start_date: string; end_date: string; value: number | null }[],
) {
  return {
    ...Object.fromEntries(AUDITED_FIELDS.map((field) => [field, columns[field]])),
    agreements: agreements.map(
      (agreement) =>
        `${agreement.title} (${agreement.start_date} → ${agreement.end_date}${agreement.value !== null ? `، ${Number(agreement.value)}` : ''})`,
    ),
  };
}

/** 409 when another organisation has the same (normalised) name or registration number. */
async function assertUnique(db: Executor, columns: OrganisationColumns, excludeId?: number): Promise<void> {
  const clash = await db
    .selectFrom('organisations')
    .select(['id', 'name_normalized', 'registration_number'])
    .where((eb) =>
      eb.or([
        eb('name_normalized', '=', columns.name_normalized),
        ...(columns.registration_number ? [eb('registration_number', '=', columns.registration_number)] : []),
      ]),
    )
    .$if(excludeId !== undefined, (builder) => builder.where('id', '<>', excludeId as number))
    .executeTakeFirst();
  if (!clash) return;
  if (clash.name_normalized === columns.name_normalized) {
    throw conflict(ORGANISATION_API_MESSAGES.duplicateName, { name: [ORGANISATION_API_MESSAGES.duplicateName] });
  }
  throw conflict(ORGANISATION_API_MESSAGES.duplicateRegistration, {
    registration_number: [ORGANISATION_API_MESSAGES.duplicateRegistration],
  });
}

async function syncAgreements(trx: Transaction<Database>, organisationId: number, input: OrganisationInput): Promise<void> {
  const existing = await trx.selectFrom('organisation_agreements').select('id').where('organisation_id', '=', organisationId).execute();
  const existingIds = new Set(existing.map((row) => row.id));
  const kept = new Set<number>();
  for (const agreement of input.agreements) {
    const values = {
      title: agreement.title,
      start_date: agreement.start_date,
      end_date: agreement.end_date,
      value: agreement.value ?? null,
      notes: agreement.notes ?? null,
    };
    if (agreement.id && existingIds.has(agreement.id)) {
      kept.add(agreement.id);
      await trx.updateTable('organisation_agreements').set(values).where('id', '=', agreement.id).execute();
    } else {
      await trx.insertInto('organisation_agreements').values({ ...values, organisation_id: organisationId }).execute();
    }
  }
  const removed = [...existingIds].filter((id) => !kept.has(id));
  if (removed.length > 0) await trx.deleteFrom('organisation_agreements').where('id', 'in', removed).execute();
}

function checkInput(input: OrganisationInput, lookups: LookupSet, current?: { city: string | null; agreementIds: Set<number> }): void {
  const errors = new FieldErrors();
  checkLookupCode(lookups, errors, 'city', 'cities', input.city, new Set(current?.city ? [heldKey('cities', current.city)] : []));
  input.agreements.forEach((agreement, index) => {
    if (agreement.id && !current?.agreementIds.has(agreement.id)) {
      errors.add(`agreements.${index}.id`, ORGANISATION_API_MESSAGES.agreementNotFound);
    }
  });
  if (!errors.empty) throw unprocessable(errors.errors);
}

const paramId = (request: FastifyRequest) => parseId((request.params as { id?: string }).id, ORGANISATION_API_MESSAGES.notFound);

/** Organisations (donors, partners, government bodies, suppliers, volunteer bodies) and their agreements. */
export const organisationRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    ...endpointRoute(E.orgList, {
      summary: 'قائمة الجهات',
      tags: TAGS,
      query: listQueryDocs(organisationListQuery),
      response: organisationListResponseSchema,
    }),
    handler: async (request) => {
      const query = parseInput(organisationListQuerySchema, request.query);
      let builder = app.db.selectFrom('organisations as o');
      const alternatives = searchAlternatives(query.search);
      if (alternatives.length > 0) builder = builder.where((eb) => searchCondition(eb, 'o.search_text', alternatives) ?? eb.lit(true));
      if (query.filter.type?.length) builder = builder.where('o.type', 'in', query.filter.type);
      if (query.filter.status?.length) builder = builder.where('o.status', 'in', query.filter.status);
      if (query.filter.city?.length) builder = builder.where('o.city', 'in', query.filter.city);
      const column = sql.ref(SORT_COLUMNS[query.sort ?? 'name']);
      const direction = query.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
      const [lookups, rows, count] = await Promise.all([
        loadLookups(app.db),
        builder
          .selectAll('o')
          .select((eb) =>
            eb
              .selectFrom('organisation_agreements as a')
              .select(sql<number>`count(*)::int`.as('n'))
              .whereRef('a.organisation_id', '=', 'o.id')
              .as('agreements_count'),
          )
          .orderBy(sql`${column} ${direction}`)
          .orderBy('o.id', query.order)
          .limit(query.per_page)
          .offset(offsetOf(query.page, query.per_page))
          .execute(),
        builder.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return pageEnvelope(
        rows.map((row) => toOrganisation({ ...row, agreements_count: row.agreements_count ?? 0 }, lookups)),
        query,
        count.total,
      );
    },
  });

  app.route({
    ...endpointRoute(E.orgShow, { summary: 'بيانات جهة', tags: TAGS, response: organisationResponseSchema }),
    handler: async (request) => {
      const id = paramId(request);
      return { data: orNotFound(await loadOrganisation(app.db, id, await loadLookups(app.db)), ORGANISATION_API_MESSAGES.notFound) };
    },
  });

  app.route({
    ...endpointRoute(E.orgCreate, {
      summary: 'إضافة جهة',
      tags: TAGS,
      body: organisationInputSchema,
      response: organisationResponseSchema,
      status: 201,
    }),
    handler: async (request, reply) => {
      const actor = requireAuth(request).employee;
      const input = parseInput(organisationInputSchema, request.body);
      const lookups = await loadLookups(app.db);
      checkInput(input, lookups);
      const columns = organisationColumns(input);
      await assertUnique(app.db, columns);
      try {
        const id = await app.db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('organisations')
            .values({ ...columns, created_by: actor.id, updated_by: actor.id })
            .returning(['id', 'name'])
            .executeTakeFirstOrThrow();
          await syncAgreements(trx, row.id, input);
          await recordActivity(trx, {
            employeeId: actor.id,
            action: 'create',
            entityType: 'organisation',
            entityId: row.id,
            entityLabel: row.name,
            changes: diffChanges(null, audited(columns, input.agreements.map((a) => ({ ...a, value: a.value ?? null })))),
            meta: requestMeta(request),
          });
          return row.id;
        });
        const organisation = await loadOrganisation(app.db, id, lookups);
        return reply.code(201).send({ message: ORGANISATION_API_MESSAGES.created, data: organisation });
      } catch (error) {
        if (isUniqueViolation(error)) {
          await assertUnique(app.db, columns);
          throw conflict(MESSAGES.conflict);
        }
        throw error;
      }
    },
  });

  app.route({
    ...endpointRoute(E.orgUpdate, {
      summary: 'تعديل جهة',
      tags: TAGS,
      body: organisationInputSchema,
      response: organisationResponseSchema,
    }),
    handler: async (request) => {
      const actor = requireAuth(request).employee;
      const id = paramId(request);
      const input = parseInput(organisationInputSchema, request.body);
      const lookups = await loadLookups(app.db);
      const columns = organisationColumns(input);
      try {
        await app.db.transaction().execute(async (trx) => {
          const before = orNotFound(
            await trx.selectFrom('organisations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
            ORGANISATION_API_MESSAGES.notFound,
          );
          const agreements = await trx
            .selectFrom('organisation_agreements')
            .selectAll()
            .where('organisation_id', '=', id)
            .orderBy('start_date')
            .orderBy('id')
            .execute();
          checkInput(input, lookups, { city: before.city, agreementIds: new Set(agreements.map((a) => a.id)) });
          await assertUnique(trx, columns, id);
          const diff = diffChanges(
            audited(before, agreements),
            audited(columns, input.agreements.map((a) => ({ ...a, value: a.value ?? null })).sort((a, b) => a.start_date.localeCompare(b.start_date))),
          );
          await trx.updateTable('organisations').set({ ...columns, updated_at: new Date(), updated_by: actor.id }).where('id', '=', id).execute();
          await syncAgreements(trx, id, input);
          if (Object.keys(diff).length > 0) {
            await recordActivity(trx, {
              employeeId: actor.id,
              action: 'update',
              entityType: 'organisation',
              entityId: id,
              entityLabel: columns.name,
              changes: diff,
              meta: requestMeta(request),
            });
          }
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          await assertUnique(app.db, columns, id);
          throw conflict(MESSAGES.conflict);
        }
        throw error;
      }
      return { message: ORGANISATION_API_MESSAGES.updated, data: await loadOrganisation(app.db, id, lookups) };
    },
  });
};
