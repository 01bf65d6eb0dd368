import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import {
  BENEFICIARIES_ENDPOINTS as E,
  DISTRIBUTION_KIND_CODES,
  SEASON_BENEFICIARY_STATUSES,
  SEASON_MESSAGES,
  SEASON_STATUS_CAPABILITIES,
  codesFilter,
  defineListQuery,
  distributionInputSchema,
  distributionListResponseSchema,
  distributionSchema,
  idFilter,
  itemEnvelopeOf,
  labelOf,
  normaliseArabic,
  normaliseVoucherCode,
  seasonBeneficiaryExcludeSchema,
  seasonBeneficiaryListQuery,
  seasonBeneficiaryListQuerySchema,
  seasonBeneficiaryListResponseSchema,
  seasonBeneficiarySchema,
  seasonEnrolmentResultSchema,
  seasonEnrolmentSchema,
  seasonInputSchema,
  seasonListQuery,
  seasonListQuerySchema,
  seasonListResponseSchema,
  seasonResponseSchema,
  seasonSchema,
  seasonStatusChangeSchema,
  seasonStatusLabel,
  seasonTransitionError,
  todayIso,
  verifyVoucherCode,
  type SeasonEnrolmentResult,
  type SeasonInput,
  type SeasonKind,
  type SeasonStatus,
} from 'shared-contracts';
import type { Database, SeasonRow, StoredEligibility } from '../../db/schema';
import { requireAuth } from '../../http/access-control';
import { endpointRoute, exportFormatSchema, listQueryDocs } from '../../http/endpoint';
import { conflict, notFound, orNotFound, unprocessable } from '../../http/errors';
import { inBatches, sendExport } from '../../http/export';
import { offsetOf, orderTerm, pageEnvelope, sortedPageOf } from '../../http/pagination';
import { requestMeta } from '../../http/request-meta';
import { likeContains, parseId, parseInput } from '../../http/validation';
import { diffChanges, recordActivity } from '../activity-log/repository';
import { familyLabel, loggedFilters } from '../families/routes';
import { checkLookupCode, FieldErrors, heldKey, loadLookups, type LookupSet } from '../lookups/repository';
import {
  beneficiaryRows,
  countBeneficiaries,
  distributionResources,
  distributionRowsQuery,
  distributionsQuery,
  DISTRIBUTION_SORT,
  evaluateEligibility,
  insertEnrolments,
  loadEligibilityCandidates,
  loadSeason,
  normaliseCounters,
  seasonsQuery,
  toBeneficiaryResource,
  toSeasonResource,
} from './repository';

const TAGS = ['seasons'];

export const SEASON_API_MESSAGES = {
  notFound: 'البرنامج غير موجود',
  beneficiaryNotFound: 'المستفيد غير مسجل في هذا البرنامج',
  familyNotFound: 'الأسرة غير موجودة',
  familyNotEnrolled: 'الأسرة غير مسجلة في هذا البرنامج',
  beneficiaryFamilyMismatch: 'المستفيد المحدد لا يطابق الأسرة المحددة',
  fundingOrgNotFound: 'الجهة الممولة غير موجودة',
  created: 'تمت إضافة البرنامج بنجاح',
  updated: 'تم تحديث البرنامج بنجاح',
  statusChanged: 'تم تغيير حالة البرنامج بنجاح',
  enrolled: (count: number) => `تم تسجيل ${count} أسرة في البرنامج`,
  excluded: 'تم استبعاد الأسرة من البرنامج',
  distributed: 'تم تسجيل التسليم بنجاح',
  notEditable: (status: SeasonStatus) => `لا يمكن تعديل بيانات برنامج حالته «${seasonStatusLabel(status)}»`,
  notEnrolling: (status: SeasonStatus) => `لا يمكن تسجيل الأسر أو استبعادها في برنامج حالته «${seasonStatusLabel(status)}»`,
  notDistributing: (status: SeasonStatus) =>
    `لا يمكن تسجيل التسليم إلا في برنامج «قيد التوزيع»، وحالة هذا البرنامج «${seasonStatusLabel(status)}»`,
  alreadyExcluded: 'الأسرة مستبعدة من هذا البرنامج مسبقاً',
  cannotExcludeReceived: 'لا يمكن استبعاد أسرة استلمت من البرنامج',
  excludedCannotReceive: 'الأسرة مستبعدة من هذا البرنامج ولا يمكن التسليم لها',
  duplicateName: 'يوجد برنامج بالاسم نفسه',
} as const;

/** GET /seasons/:id/distributions: a list query of its own (the contracts define none). */
export const distributionListQuery = defineListQuery({
  sortable: ['distributed_at', 'created_at', 'voucher_code'] as const,
  filters: {
    kind: codesFilter(DISTRIBUTION_KIND_CODES),
    family_id: idFilter(),
    beneficiary_id: idFilter(),
  },
});

/** POST /seasons/:id/beneficiaries answers the counts, plus how many were ineligible. */
export const enrolmentResponseSchema = z.object({
  message: z.string(),
  data: seasonEnrolmentResultSchema.extend({ ineligible_count: z.number().int().min(0) }),
});
/** GET /seasons/:id/distribution-list: everything a printed list needs. */
export const distributionListSheetSchema = z.object({
  data: z.object({
    season: seasonSchema,
    generated_at: z.string(),
    beneficiaries: z.array(seasonBeneficiarySchema),
  }),
});
export const beneficiaryItemResponseSchema = itemEnvelopeOf(seasonBeneficiarySchema);
export const distributionItemResponseSchema = itemEnvelopeOf(distributionSchema);

const SEASON_SORT = {
  name: 's.name',
  kind: 's.kind',
  hijri_year: 's.hijri_year',
  start_date: 's.start_date',
  end_date: 's.end_date',
  status: 's.status',
  created_at: 's.created_at',
} as const;

const BENEFICIARY_EXPORT_COLUMNS = [
  { key: 'file_number', header: 'رقم الملف' },
  { key: 'head_name', header: 'رب الأسرة' },
  { key: 'head_national_id', header: 'رقم الهوية' },
  { key: 'primary_phone', header: 'الجوال' },
  { key: 'members_count', header: 'عدد الأفراد' },
  { key: 'per_capita_income', header: 'دخل الفرد' },
  { key: 'city', header: 'المدينة' },
  { key: 'district', header: 'الحي' },
  { key: 'voucher_code', header: 'رمز القسيمة' },
  { key: 'status', header: 'الحالة' },
  { key: 'enrolled_at', header: 'تاريخ التسجيل' },
  { key: 'distributions_count', header: 'مرات الاستلام' },
  { key: 'last_distributed_at', header: 'آخر استلام' },
] as const;

const seasonId = (request: FastifyRequest) => parseId((request.params as { id?: string }).id, SEASON_API_MESSAGES.notFound);

function storedEligibility(input: SeasonInput['eligibility']): StoredEligibility {
  return {
    categories: input.categories,
    max_per_capita_income: input.max_per_capita_income ?? null,
    member_min_age: input.member_min_age ?? null,
    member_max_age: input.member_max_age ?? null,
    statuses: input.statuses,
  };
}

function seasonColumns(input: SeasonInput) {
  return {
    name: input.name,
    name_normalized: normaliseArabic(input.name),
    kind: input.kind,
    hijri_year: input.hijri_year,
    start_date: input.start_date,
    end_date: input.end_date,
    budget: input.budget ?? null,
    funding_org_id: input.funding_org_id ?? null,
    eligibility: JSON.stringify(storedEligibility(input.eligibility)),
    notes: input.notes ?? null,
  };
}

function seasonAudit(row: {
  name: string;
  kind: string;
  hijri_year: number;
  start_date: string;
  end_date: string;
  budget: number | string | null;
  funding_org_id: number | null;
  eligibility: StoredEligibility;
  notes: string | null;
}) {
  return {
    name: row.name,
    kind: row.kind,
    hijri_year: row.hijri_year,
    start_date: row.start_date,
    end_date: row.end_date,
    budget: row.budget === null ? null : Number(row.budget),
    funding_org_id: row.funding_org_id,
    eligibility: JSON.stringify(row.eligibility),
    notes: row.notes,
  };
}

/**
 * The season row locked FOR UPDATE, or 404. Every season write starts here: the lock
 * serialises status changes, enrolments, exclusions and distributions on one season.
 */
async function lockSeason(trx: Transaction<Database>, id: number): Promise<SeasonRow> {
  return orNotFound(
    await trx.selectFrom('seasons').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
    SEASON_API_MESSAGES.notFound,
  );
}

/** 404 unless the season exists (sub-resource lists of an unknown season are not empty lists). */
async function assertSeasonExists(db: Parameters<typeof loadSeason>[0], id: number): Promise<void> {
  orNotFound(await db.selectFrom('seasons').select('id').where('id', '=', id).executeTakeFirst(), SEASON_API_MESSAGES.notFound);
}

async function checkSeasonInput(
  db: Parameters<typeof loadSeason>[0],
  input: SeasonInput,
  lookups: LookupSet,
  current?: SeasonRow,
): Promise<void> {
  const errors = new FieldErrors();
  const held = new Set((current?.eligibility.categories ?? []).map((code) => heldKey('family_categories', code)));
  input.eligibility.categories.forEach((code, index) =>
    checkLookupCode(lookups, errors, `eligibility.categories.${index}`, 'family_categories', code, held),
  );
  if (input.funding_org_id && input.funding_org_id !== current?.funding_org_id) {
    const org = await db.selectFrom('organisations').select('id').where('id', '=', input.funding_org_id).executeTakeFirst();
    if (!org) errors.add('funding_org_id', SEASON_API_MESSAGES.fundingOrgNotFound);
  }
  if (!errors.empty) throw unprocessable(errors.errors);
}

/** Seasonal programmes: CRUD, status workflow, enrolment, exclusion, distributions, lists and exports. */
export const seasonRoutes: FastifyPluginAsync = async (app) => {
  // ------------------------------------------------------------------------------- seasons
  app.route({
    ...endpointRoute(E.seasonList, {
      summary: 'البرامج الموسمية',
      tags: TAGS,
      query: listQueryDocs(seasonListQuery),
      response: seasonListResponseSchema,
    }),
    handler: async (request) => {
      const query = parseInput(seasonListQuerySchema, request.query);
      let builder = seasonsQuery(app.db);
      const term = query.search ? normaliseArabic(query.search) : '';
      for (const word of term.split(' ').filter((w) => w !== '')) {
        builder = builder.where('s.name_normalized', 'like', likeContains(word));
      }
      if (query.filter.status?.length) builder = builder.where('s.status', 'in', query.filter.status);
      if (query.filter.kind?.length) builder = builder.where('s.kind', 'in', query.filter.kind);
      if (query.filter.hijri_year !== undefined) builder = builder.where('s.hijri_year', '=', query.filter.hijri_year);
      if (query.filter.funding_org_id !== undefined) builder = builder.where('s.funding_org_id', '=', query.filter.funding_org_id);
      const sort = query.sort ?? 'start_date';
      const order = query.sort ? query.order : 'desc';
      const [lookups, rows, count] = await Promise.all([
        loadLookups(app.db),
        builder
          .orderBy(orderTerm(SEASON_SORT[sort], order))
          .orderBy('s.id', order)
          .limit(query.per_page)
          .offset(offsetOf(query.page, query.per_page))
          .execute(),
        builder.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return pageEnvelope(
        rows.map((row) => toSeasonResource(normaliseCounters(row), lookups)),
        query,
        count.total,
      );
    },
  });

  app.route({
    ...endpointRoute(E.seasonShow, { summary: 'بيانات برنامج موسمي', tags: TAGS, response: seasonResponseSchema }),
    handler: async (request) => {
      const id = seasonId(request);
      const row = orNotFound(await loadSeason(app.db, id), SEASON_API_MESSAGES.notFound);
      return { data: toSeasonResource(row, await loadLookups(app.db)) };
    },
  });

  app.route({
    ...endpointRoute(E.seasonCreate, {
      summary: 'إضافة برنامج موسمي',
      tags: TAGS,
      body: seasonInputSchema,
      response: seasonResponseSchema,
      status: 201,
    }),
    handler: async (request, reply) => {
      const actor = requireAuth(request).employee;
      const input = parseInput(seasonInputSchema, request.body);
      const lookups = await loadLookups(app.db);
      await checkSeasonInput(app.db, input, lookups);
      const columns = seasonColumns(input);
      const id = await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('seasons')
          .values({ ...columns, status: 'draft', created_by: actor.id, updated_by: actor.id })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordActivity(trx, {
          employeeId: actor.id,
          action: 'create',
          entityType: 'season',
          entityId: row.id,
          entityLabel: row.name,
          changes: diffChanges(null, { ...seasonAudit(row), status: 'draft' }),
          meta: requestMeta(request),
        });
        return row.id;
      });
      const row = await loadSeason(app.db, id);
      return reply.code(201).send({ message: SEASON_API_MESSAGES.created, data: row ? toSeasonResource(row, lookups) : null });
    },
  });

  app.route({
    ...endpointRoute(E.seasonUpdate, { summary: 'تعديل برنامج موسمي', tags: TAGS, body: seasonInputSchema, response: seasonResponseSchema }),
    handler: async (request) => {
      const actor = requireAuth(request).employee;
      const id = seasonId(request);
      const input = parseInput(seasonInputSchema, request.body);
      const lookups = await loadLookups(app.db);
      await app.db.transaction().execute(async (trx) => {
        const before = await lockSeason(trx, id);
        const status = before.status as SeasonStatus;
        if (!SEASON_STATUS_CAPABILITIES[status].edit) throw conflict(SEASON_API_MESSAGES.notEditable(status));
        await checkSeasonInput(trx, input, lookups, before);
        const columns = seasonColumns(input);
        const diff = diffChanges(seasonAudit(before), seasonAudit({ ...columns, eligibility: storedEligibility(input.eligibility) }));
        if (Object.keys(diff).length === 0) return;
        await trx.updateTable('seasons').set({ ...columns, updated_at: new Date(), updated_by: actor.id }).where('id', '=', id).execute();
        await recordActivity(trx, {
          employeeId: actor.id,
          action: 'update',
          entityType: 'season',
          entityId: id,
          entityLabel: columns.name,
          changes: diff,
          meta: requestMeta(request),
        });
      });
      const row = await loadSeason(app.db, id);
      return { message: SEASON_API_MESSAGES.updated, data: row ? toSeasonResource(row, lookups) : null };
    },
  });

  app.route({
    ...endpointRoute(E.seasonStatus, {
      summary: 'تغيير حالة البرنامج',
      tags: TAGS,
      body: seasonStatusChangeSchema,
      response: seasonResponseSchema,
    }),
    handler: async (request) => {
      const actor = requireAuth(request).employee;
      const id = seasonId(request);
      const input = parseInput(seasonStatusChangeSchema, request.body);
      const reason = input.reason && input.reason.trim() !== '' ? input.reason.trim() : null;
      await app.db.transaction().execute(async (trx) => {
        const season = await lockSeason(trx, id);
        const from = season.status as SeasonStatus;
        const refused = seasonTransitionError(from, input.status);
        if (refused) throw conflict(refused, { status: [refused] });
        const now = new Date();
        await trx
          .updateTable('seasons')
          .set({ status: input.status, status_reason: reason, status_changed_at: now, status_changed_by: actor.id, updated_at: now, updated_by: actor.id })
          .where('id', '=', id)
          .execute();
        await recordActivity(trx, {
          employeeId: actor.id,
          action: 'status_change',
          entityType: 'season',
          entityId: id,
          entityLabel: `${season.name}: ${seasonStatusLabel(from)} ← ${seasonStatusLabel(input.status)}`,
          changes: { status: [from, input.status], ...(reason ? { status_reason: [season.status_reason, reason] } : {}) },
          meta: requestMeta(request),
        });
      });
      const row = await loadSeason(app.db, id);
      return { message: SEASON_API_MESSAGES.statusChanged, data: row ? toSeasonResource(row, await loadLookups(app.db)) : null };
    },
  });

  // ------------------------------------------------------------------------------- beneficiaries
  app.route({
    ...endpointRoute(E.seasonBeneficiaries, {
      summary: 'الأسر المسجلة في البرنامج',
      tags: TAGS,
      query: listQueryDocs(seasonBeneficiaryListQuery),
      response: seasonBeneficiaryListResponseSchema,
    }),
    handler: async (request) => {
      const id = seasonId(request);
      const query = parseInput(seasonBeneficiaryListQuerySchema, request.query);
      await assertSeasonExists(app.db, id);
      const [lookups, rows, total] = await Promise.all([
        loadLookups(app.db),
        beneficiaryRows(app.db, id, query, sortedPageOf(query)),
        countBeneficiaries(app.db, id, query),
      ]);
      return pageEnvelope(rows.map((row) => toBeneficiaryResource(row, lookups)), query, total);
    },
  });

  app.route({
    ...endpointRoute(E.seasonExport, {
      summary: 'تصدير الأسر المسجلة في البرنامج (XLSX أو CSV)',
      tags: TAGS,
      query: listQueryDocs(seasonBeneficiaryListQuery, { format: z.enum(['xlsx', 'csv']).optional() }),
    }),
    handler: async (request, reply) => {
      const actor = requireAuth(request).employee;
      const id = seasonId(request);
      const query = parseInput(seasonBeneficiaryListQuerySchema, request.query);
      const { format } = parseInput(exportFormatSchema, request.query);
      const season = orNotFound(
        await app.db.selectFrom('seasons').select(['id', 'name']).where('id', '=', id).executeTakeFirst(),
        SEASON_API_MESSAGES.notFound,
      );
      const lookups = await loadLookups(app.db);
      const total = await countBeneficiaries(app.db, id, query);
      await recordActivity(app.db, {
        employeeId: actor.id,
        action: 'export',
        entityType: 'season',
        entityId: id,
        entityLabel: `تصدير المستفيدين من ${season.name} (${total} أسرة)`,
        changes: { filters: [null, loggedFilters(query)], rows: [null, total], format: [null, format] },
        meta: requestMeta(request),
      });
      const today = todayIso();
      return sendExport(reply, format, {
        fileName: `season-${id}-beneficiaries-${today}`,
        fileNameAr: `${season.name}-المستفيدون-${today}`,
        sheetTitle: 'المستفيدون',
        columns: BENEFICIARY_EXPORT_COLUMNS,
        rows: async function* () {
          const rows = inBatches((offset, limit) => beneficiaryRows(app.db, id, query, { sort: query.sort, order: query.order, limit, offset }));
          for await (const row of rows) {
            const beneficiary = toBeneficiaryResource(row, lookups);
            yield {
              file_number: beneficiary.family.file_number,
              head_name: beneficiary.family.head_name,
              head_national_id: beneficiary.family.head_national_id,
              primary_phone: beneficiary.family.primary_phone,
              members_count: beneficiary.family.members_count,
              per_capita_income: beneficiary.family.per_capita_income === null ? null : Number(beneficiary.family.per_capita_income),
              city: beneficiary.family.city?.label ?? null,
              district: beneficiary.family.district?.label ?? null,
              voucher_code: beneficiary.voucher_code,
              status: labelOf(SEASON_BENEFICIARY_STATUSES, beneficiary.status),
              enrolled_at: todayIso(new Date(beneficiary.enrolled_at)),
              distributions_count: beneficiary.distributions_count,
              last_distributed_at: beneficiary.last_distributed_at,
            };
          }
        },
      });
    },
  });

  app.route({
    ...endpointRoute(E.seasonEnrol, {
      summary: 'تسجيل أسر في البرنامج (أسر محددة أو كل الأسر المستحقة)',
      tags: TAGS,
      body: seasonEnrolmentSchema,
      response: enrolmentResponseSchema,
    }),
    handler: async (request) => {
      const actor = requireAuth(request).employee;
      const id = seasonId(request);
      const input = parseInput(seasonEnrolmentSchema, request.body);
      const meta = requestMeta(request);
      const result = await app.db.transaction().execute(async (trx): Promise<SeasonEnrolmentResult & { ineligible_count: number }> => {
        // The season row lock serialises enrolments: running "all eligible" twice is idempotent.
        const season = await lockSeason(trx, id);
        const status = season.status as SeasonStatus;
        if (!SEASON_STATUS_CAPABILITIES[status].enrol) throw conflict(SEASON_API_MESSAGES.notEnrolling(status));

        let candidates;
        if (input.mode === 'families') {
          const ids = [...new Set(input.family_ids)];
          candidates = await loadEligibilityCandidates(trx, { familyIds: ids });
          const found = new Set(candidates.map((family) => family.id));
          const errors: Record<string, string[]> = {};
          input.family_ids.forEach((familyId, index) => {
            if (!found.has(familyId)) errors[`family_ids.${index}`] = [SEASON_API_MESSAGES.familyNotFound];
          });
          if (Object.keys(errors).length > 0) throw unprocessable(errors);
        } else {
          candidates = await loadEligibilityCandidates(trx, { statuses: season.eligibility.statuses });
        }
        const enrolledRows = await trx
          .selectFrom('season_beneficiaries')
          .select('family_id')
          .where('season_id', '=', id)
          .where('family_id', 'in', candidates.length ? candidates.map((family) => family.id) : [0])
          .execute();
        const already = new Set(enrolledRows.map((row) => row.family_id));
        if (input.mode === 'families' && candidates.length === 1 && already.size === 1) {
          throw conflict(SEASON_MESSAGES.alreadyEnrolled, { family_ids: [SEASON_MESSAGES.alreadyEnrolled] });
        }
        const fresh = candidates.filter((family) => !already.has(family.id));
        const { eligible, ineligible } = evaluateEligibility(fresh, season);
        const alreadyEligible =
          input.mode === 'all_eligible'
            ? evaluateEligibility(candidates.filter((family) => already.has(family.id)), season).eligible.length
            : already.size;
        const now = new Date();
        const inserted = await insertEnrolments(trx, { id: season.id, kind: season.kind as SeasonKind, hijri_year: season.hijri_year }, eligible.map((family) => family.id), actor.id, now);

        const byFamily = new Map(eligible.map((family) => [family.id, family]));
        if (inserted.length > 0) {
          // One row per family for its timeline (batched), and one for the season below.
          for (let start = 0; start < inserted.length; start += 500) {
            await trx
              .insertInto('activity_log')
              .values(
                inserted.slice(start, start + 500).map((row) => {
                  const family = byFamily.get(row.family_id);
                  return {
                    employee_id: actor.id,
                    action: 'enrol',
                    entity_type: 'season_beneficiary',
                    entity_id: String(row.id),
                    entity_label: `تسجيل ${family ? familyLabel(family) : 'أسرة'} في ${season.name}`,
                    changes: JSON.stringify({ season: [null, season.name], voucher_code: [null, row.voucher_code] }),
                    ip: meta.ip,
                    user_agent: meta.userAgent,
                    family_id: row.family_id,
                  };
                }),
              )
              .execute();
          }
        }
        await recordActivity(trx, {
          employeeId: actor.id,
          action: 'enrol',
          entityType: 'season',
          entityId: id,
          entityLabel: `تسجيل أسر في ${season.name}`,
          changes: {
            mode: [null, input.mode],
            enrolled: [null, inserted.length],
            already_enrolled: [null, alreadyEligible],
            ineligible: [null, ineligible.length],
          },
          meta,
        });
        return {
          enrolled: inserted.length,
          already_enrolled: alreadyEligible,
          // "All eligible" reports only the count: listing every other family would be the whole register.
          ineligible:
            input.mode === 'families'
              ? ineligible.map(({ family, reasons }) => ({ family_id: family.id, file_number: family.file_number, head_name: family.head_name, reasons }))
              : [],
          ineligible_count: ineligible.length,
        };
      });
      return { message: SEASON_API_MESSAGES.enrolled(result.enrolled), data: result };
    },
  });

  app.route({
    ...endpointRoute(E.seasonBeneficiaryExclude, {
      summary: 'استبعاد أسرة من البرنامج',
      tags: TAGS,
      body: seasonBeneficiaryExcludeSchema,
      response: beneficiaryItemResponseSchema,
    }),
    handler: async (request) => {
      const actor = requireAuth(request).employee;
      const id = seasonId(request);
      const beneficiaryId = parseId((request.params as { beneficiaryId?: string }).beneficiaryId, SEASON_API_MESSAGES.beneficiaryNotFound);
      const input = parseInput(seasonBeneficiaryExcludeSchema, request.body);
      await app.db.transaction().execute(async (trx) => {
        const season = await lockSeason(trx, id);
        const beneficiary = await trx
          .selectFrom('season_beneficiaries as b')
          .innerJoin('families as f', 'f.id', 'b.family_id')
          .select(['b.id', 'b.status', 'b.status_reason', 'b.family_id', 'f.file_number', 'f.head_name'])
          .where('b.id', '=', beneficiaryId)
          .where('b.season_id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!beneficiary) throw notFound(SEASON_API_MESSAGES.beneficiaryNotFound);
        const status = season.status as SeasonStatus;
        if (!SEASON_STATUS_CAPABILITIES[status].enrol) throw conflict(SEASON_API_MESSAGES.notEnrolling(status));
        if (beneficiary.status === 'excluded') throw conflict(SEASON_API_MESSAGES.alreadyExcluded);
        if (beneficiary.status === 'received') throw conflict(SEASON_API_MESSAGES.cannotExcludeReceived);
        const now = new Date();
        await trx
          .updateTable('season_beneficiaries')
          .set({ status: 'excluded', status_reason: input.reason, status_changed_at: now, status_changed_by: actor.id })
          .where('id', '=', beneficiaryId)
          .execute();
        await recordActivity(trx, {
          employeeId: actor.id,
          action: 'exclude',
          entityType: 'season_beneficiary',
          entityId: beneficiaryId,
          entityLabel: `استبعاد ${familyLabel(beneficiary)} من ${season.name}`,
          changes: { status: [beneficiary.status, 'excluded'], status_reason: [beneficiary.status_reason, input.reason] },
          meta: requestMeta(request),
          familyId: beneficiary.family_id,
        });
      });
      const [row] = await beneficiaryRows(app.db, id, { filter: {}, beneficiaryId }, { order: 'asc' });
      if (!row) throw notFound(SEASON_API_MESSAGES.beneficiaryNotFound);
      return { message: SEASON_API_MESSAGES.excluded, data: toBeneficiaryResource(row, await loadLookups(app.db)) };
    },
  });

  // ------------------------------------------------------------------------------- distributions
  app.route({
    ...endpointRoute(E.seasonDistributions, {
      summary: 'سجل التسليم في البرنامج',
      tags: TAGS,
      query: listQueryDocs(distributionListQuery),
      response: distributionListResponseSchema,
    }),
    handler: async (request) => {
      const id = seasonId(request);
      const query = parseInput(distributionListQuery.schema, request.query);
      await assertSeasonExists(app.db, id);
      const sort = query.sort ?? 'distributed_at';
      const order = query.sort ? query.order : 'desc';
      const [lookups, rows, count] = await Promise.all([
        loadLookups(app.db),
        distributionRowsQuery(app.db, id, query)
          .orderBy(orderTerm(DISTRIBUTION_SORT[sort], order))
          .orderBy('d.id', order)
          .limit(query.per_page)
          .offset(offsetOf(query.page, query.per_page))
          .execute(),
        distributionsQuery(app.db, id, query).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return pageEnvelope(await distributionResources(app.db, rows, lookups), query, count.total);
    },
  });

  app.route({
    ...endpointRoute(E.seasonDistribute, {
      summary: 'تسجيل تسليم لأسرة',
      tags: TAGS,
      body: distributionInputSchema,
      response: distributionItemResponseSchema,
      status: 201,
    }),
    handler: async (request, reply) => {
      const actor = requireAuth(request).employee;
      const id = seasonId(request);
      const input = parseInput(distributionInputSchema, request.body);
      const lookups = await loadLookups(app.db);
      const distributionId = await app.db.transaction().execute(async (trx) => {
        const season = await lockSeason(trx, id);
        const status = season.status as SeasonStatus;
        if (!SEASON_STATUS_CAPABILITIES[status].distribute) throw conflict(SEASON_API_MESSAGES.notDistributing(status));

        let query = trx
          .selectFrom('season_beneficiaries as b')
          .innerJoin('families as f', 'f.id', 'b.family_id')
          .select(['b.id', 'b.family_id', 'b.status', 'b.voucher_code', 'f.file_number', 'f.head_name'])
          .where('b.season_id', '=', id);
        if (input.beneficiary_id) query = query.where('b.id', '=', input.beneficiary_id);
        else query = query.where('b.family_id', '=', input.family_id as number);
        const beneficiary = await query.forUpdate().executeTakeFirst();
        if (!beneficiary) {
          throw unprocessable(
            input.beneficiary_id
              ? { beneficiary_id: [SEASON_API_MESSAGES.beneficiaryNotFound] }
              : { family_id: [SEASON_API_MESSAGES.familyNotEnrolled] },
          );
        }
        const errors = new FieldErrors();
        if (input.beneficiary_id && input.family_id && beneficiary.family_id !== input.family_id) {
          errors.add('family_id', SEASON_API_MESSAGES.beneficiaryFamilyMismatch);
        }
        if (
          input.voucher_code &&
          (normaliseVoucherCode(input.voucher_code) !== beneficiary.voucher_code ||
            !verifyVoucherCode(input.voucher_code, { id: season.id, kind: season.kind as SeasonKind, hijri_year: season.hijri_year }, beneficiary.family_id))
        ) {
          errors.add('voucher_code', SEASON_MESSAGES.invalidVoucher);
        }
        const items = input.kind === 'items' ? (input.items ?? []) : [];
        items.forEach((item, index) => checkLookupCode(lookups, errors, `items.${index}.item`, 'distribution_item_kinds', item.item));
        if (!errors.empty) throw unprocessable(errors.errors);
        if (beneficiary.status === 'excluded') throw conflict(SEASON_API_MESSAGES.excludedCannotReceive);

        const row = await trx
          .insertInto('distributions')
          .values({
            season_id: id,
            beneficiary_id: beneficiary.id,
            family_id: beneficiary.family_id,
            kind: input.kind,
            cash_amount: input.kind === 'cash' ? (input.cash_amount ?? null) : null,
            distributed_at: input.distributed_at,
            received_by_name: input.received_by_name,
            received_by_national_id: input.received_by_national_id ?? null,
            handed_over_by: actor.id,
            voucher_code: beneficiary.voucher_code,
            notes: input.notes ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (items.length > 0) {
          await trx
            .insertInto('distribution_items')
            .values(items.map((item) => ({ distribution_id: row.id, item: item.item, quantity: item.quantity })))
            .execute();
        }
        if (beneficiary.status === 'enrolled') {
          await trx
            .updateTable('season_beneficiaries')
            .set({ status: 'received', status_changed_at: new Date(), status_changed_by: actor.id })
            .where('id', '=', beneficiary.id)
            .execute();
        }
        await recordActivity(trx, {
          employeeId: actor.id,
          action: 'distribute',
          entityType: 'distribution',
          entityId: row.id,
          entityLabel: `تسليم ${familyLabel(beneficiary)} من ${season.name}`,
          changes: diffChanges(null, {
            season: season.name,
            kind: input.kind,
            items: items.map((item) => `${lookups.label('distribution_item_kinds', item.item)} × ${item.quantity}`),
            cash_amount: input.kind === 'cash' ? (input.cash_amount ?? null) : null,
            distributed_at: input.distributed_at,
            received_by_name: input.received_by_name,
            voucher_code: beneficiary.voucher_code,
            handed_over_by: actor.name,
          }),
          meta: requestMeta(request),
          familyId: beneficiary.family_id,
        });
        return row.id;
      });
      const rows = await distributionRowsQuery(app.db, id, { filter: {} }).where('d.id', '=', distributionId).execute();
      const [data] = await distributionResources(app.db, rows, lookups);
      return reply.code(201).send({ message: SEASON_API_MESSAGES.distributed, data });
    },
  });

  app.route({
    ...endpointRoute(E.seasonDistributionList, {
      summary: 'كشف التوزيع للطباعة',
      tags: TAGS,
      query: listQueryDocs(seasonBeneficiaryListQuery),
      response: distributionListSheetSchema,
    }),
    handler: async (request) => {
      const actor = requireAuth(request).employee;
      const id = seasonId(request);
      const query = parseInput(seasonBeneficiaryListQuerySchema, request.query);
      const row = orNotFound(await loadSeason(app.db, id), SEASON_API_MESSAGES.notFound);
      const lookups = await loadLookups(app.db);
      // Without a status filter: the families still to serve or served (not the excluded ones).
      const filter = { ...query.filter, status: query.filter.status?.length ? query.filter.status : ['enrolled', 'received'] };
      const rows = await beneficiaryRows(app.db, id, { search: query.search, filter }, { sort: 'location', order: 'asc' });
      await recordActivity(app.db, {
        employeeId: actor.id,
        action: 'print',
        entityType: 'season',
        entityId: id,
        entityLabel: `كشف توزيع ${row.name} (${rows.length} أسرة)`,
        changes: { filters: [null, loggedFilters({ ...query, filter })], rows: [null, rows.length] },
        meta: requestMeta(request),
      });
      return {
        data: {
          season: toSeasonResource(row, lookups),
          generated_at: new Date().toISOString(),
          beneficiaries: rows.map((beneficiary) => toBeneficiaryResource(beneficiary, lookups)),
        },
      };
    },
  });
};

