import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  BENEFICIARIES_ENDPOINTS as E,
  FAMILY_EXPORT_COLUMNS,
  familyDetailToInput,
  familyListQuerySchema,
  familyStatusChangeSchema,
  familyStatusLabel,
  familySubmitSchema,
  familyTransitionError,
  familyWriteSchemaFor,
  isDraftWrite,
  labelOf,
  nationalIdCheckQuerySchema,
  phoneCheckQuerySchema,
  similarMembersQuerySchema,
  todayIso,
  zodErrorToFieldErrors,
  FAMILY_STATUSES,
  RELATIONSHIPS,
  type FamilyListQuery,
  type FamilyStatus,
} from 'shared-contracts';
import type { ActivityChanges, FamilyMemberRow } from '../../db/schema';
import { requireAuth } from '../../http/access-control';
import { endpointRoute, exportFormatSchema } from '../../http/endpoint';
import { conflict, MESSAGES, orNotFound, unprocessable } from '../../http/errors';
import { inBatches, sendExport, type ExportValue } from '../../http/export';
import { listMeta, pageEnvelope, sortedPageOf } from '../../http/pagination';
import { requestMeta } from '../../http/request-meta';
import { parseId, parseInput } from '../../http/validation';
import { diffChanges, listActivity, recordActivity } from '../activity-log/repository';
import { loadLookups, type LookupSet } from '../lookups/repository';
import { familiesUsingPhones, familyWarnings, similarMembers, visibilityFor } from './checks';
import {
  categoriesOf,
  countFamilies,
  familyPage,
  findFamilyRow,
  loadFamilyDetail,
  lockFamilyRow,
  nextFileNumber,
  refreshFamilySummary,
  toFamilyResource,
} from './repository';
import {
  familyExportQueryDocs,
  familyItemResponseSchema,
  familyListQueryDocs,
  familyListResponseSchema,
  familyTimelineQuerySchema,
  familyTimelineResponseSchema,
  familyWriteResponseSchema,
  nationalIdCheckEnvelopeSchema,
  phoneCheckEnvelopeSchema,
  researchersResponseSchema,
  similarMembersEnvelopeSchema,
} from './schemas';
import {
  assertNationalIdsFree,
  checkFamilyReferences,
  currentActiveMembers,
  FAMILY_API_MESSAGES,
  familyAudit,
  familyColumns,
  heldCodes,
  insertMember,
  memberAudit,
  memberColumns,
  membersWithPaths,
  replaceCategories,
  replaceIncomeSources,
  syncNeeds,
  toFamilyWrite,
  type FamilyWrite,
  type MemberWrite,
} from './write';

const TAGS = ['families'];

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export const familyLabel = (family: { file_number: string; head_name: string }) =>
  family.head_name ? `أسرة ${family.file_number} — ${family.head_name}` : `أسرة ${family.file_number}`;

export const memberLabel = (member: { full_name: string }, family: { file_number: string }) =>
  `${member.full_name} (أسرة ${family.file_number})`;

const paramId = (request: FastifyRequest, message: string = FAMILY_API_MESSAGES.notFound) =>
  parseId((request.params as { id?: string }).id, message);

/** The filters of a list as the export log records them. */
export function loggedFilters(query: { search?: string | undefined; sort?: string | undefined; order?: string; filter: object }) {
  return { search: query.search ?? null, sort: query.sort ?? null, order: query.order ?? null, ...query.filter };
}

/** Families: list, search, export, create (wizard), show, edit, status workflow, timeline, duplicate checks. */
export const familyRoutes: FastifyPluginAsync = async (app) => {
  // ------------------------------------------------------------------------------- researchers
  app.route({
    ...endpointRoute(E.researchers, { summary: 'الباحثون الاجتماعيون', tags: TAGS, response: researchersResponseSchema }),
    handler: async () => {
      const rows = await app.db
        .selectFrom('employees')
        .select(['id', 'name'])
        .where('active', '=', true)
        .where(sql<boolean>`permissions && array['show_families', 'edit_families']::text[]`)
        .orderBy('name')
        .orderBy('id')
        .execute();
      return { data: rows, meta: listMeta(1, Math.max(rows.length, 1), rows.length) };
    },
  });

  // ------------------------------------------------------------------------------- list
  app.route({
    ...endpointRoute(E.familyList, {
      summary: 'قائمة الأسر',
      tags: TAGS,
      query: familyListQueryDocs,
      response: familyListResponseSchema,
    }),
    handler: async (request) => {
      const query = parseInput(familyListQuerySchema, request.query);
      const today = todayIso();
      const [lookups, rows, total] = await Promise.all([
        loadLookups(app.db),
        familyPage(app.db, query, today, sortedPageOf(query)),
        countFamilies(app.db, query, today),
      ]);
      const categories = await categoriesOf(app.db, rows.map((row) => row.id), lookups);
      return pageEnvelope(
        rows.map((row) => toFamilyResource(row, categories.get(row.id) ?? [], lookups, today)),
        query,
        total,
      );
    },
  });

  // ------------------------------------------------------------------------------- export
  app.route({
    ...endpointRoute(E.familyExport, { summary: 'تصدير قائمة الأسر (XLSX أو CSV)', tags: TAGS, query: familyExportQueryDocs }),
    handler: async (request, reply) => {
      const actor = requireAuth(request).employee;
      const query = parseInput(familyListQuerySchema, request.query);
      const { format } = parseInput(exportFormatSchema, request.query);
      const today = todayIso();
      const lookups = await loadLookups(app.db);
      const total = await countFamilies(app.db, query, today);
      await recordActivity(app.db, {
        employeeId: actor.id,
        action: 'export',
        entityType: 'family',
        entityLabel: `تصدير قائمة الأسر (${total} أسرة)`,
        changes: { filters: [null, loggedFilters(query)], rows: [null, total], format: [null, format] },
        meta: requestMeta(request),
      });
      return sendExport(reply, format, {
        fileName: `families-${today}`,
        fileNameAr: `الأسر-${today}`,
        sheetTitle: 'الأسر',
        columns: FAMILY_EXPORT_COLUMNS,
        rows: () => familyExportRows(app, query, today, lookups),
      });
    },
  });

  // ------------------------------------------------------------------------------- duplicate checks
  app.route({
    ...endpointRoute(E.checkNationalId, {
      summary: 'التحقق من تكرار رقم الهوية',
      tags: TAGS,
      query: nationalIdCheckQuerySchema,
      response: nationalIdCheckEnvelopeSchema,
    }),
    handler: async (request) => {
      const query = parseInput(nationalIdCheckQuerySchema, request.query);
      const holder = await app.db
        .selectFrom('family_members as m')
        .innerJoin('families as f', 'f.id', 'm.family_id')
        .select(['f.id', 'f.file_number', 'f.head_name'])
        .where('m.active', '=', true)
        .where('m.national_id', '=', query.national_id)
        .$if(Boolean(query.exclude_family_id), (builder) => builder.where('f.id', '<>', query.exclude_family_id as number))
        .executeTakeFirst();
      return { data: { available: holder === undefined, family: holder ?? null } };
    },
  });

  app.route({
    ...endpointRoute(E.checkPhone, {
      summary: 'الأسر التي تستخدم رقم الجوال',
      tags: TAGS,
      query: phoneCheckQuerySchema,
      response: phoneCheckEnvelopeSchema,
    }),
    handler: async (request) => {
      const query = parseInput(phoneCheckQuerySchema, request.query);
      const families = await familiesUsingPhones(app.db, [query.phone], query.exclude_family_id);
      return { data: { families: families.map(({ id, file_number, head_name }) => ({ id, file_number, head_name })) } };
    },
  });

  app.route({
    ...endpointRoute(E.checkSimilarMembers, {
      summary: 'أفراد بأسماء مشابهة وتاريخ الميلاد نفسه',
      tags: TAGS,
      query: similarMembersQuerySchema,
      response: similarMembersEnvelopeSchema,
    }),
    handler: async (request) => {
      const query = parseInput(similarMembersQuerySchema, request.query);
      const matches = await similarMembers(app.db, query.full_name, query.birth_date, query.exclude_family_id);
      return { data: { matches } };
    },
  });

  // ------------------------------------------------------------------------------- create
  app.route({
    ...endpointRoute(E.familyCreate, {
      summary: 'تسجيل أسرة (أو حفظها كمسودة)',
      tags: TAGS,
      body: familySubmitSchema,
      response: familyWriteResponseSchema,
      status: 201,
    }),
    handler: async (request, reply) => {
      const actor = requireAuth(request).employee;
      const saveAsDraft = isDraftWrite(request.body);
      const write = toFamilyWrite(parseInput(familyWriteSchemaFor({ saveAsDraft }), request.body));
      const lookups = await loadLookups(app.db);
      const errors = await checkFamilyReferences(app.db, write, lookups, new Set(), null);
      if (!errors.empty) throw unprocessable(errors.errors);
      await assertNationalIdsFree(app.db, write);

      const now = new Date();
      const today = todayIso(now);
      const status: FamilyStatus = saveAsDraft ? 'draft' : 'pending_review';
      let id: number;
      try {
        id = await app.db.transaction().execute(async (trx) => {
          const fileNumber = await nextFileNumber(trx, now);
          const columns = familyColumns(write);
          const family = await trx
            .insertInto('families')
            .values({
              ...columns,
              file_number: fileNumber,
              status,
              status_changed_at: now,
              status_changed_by: actor.id,
              consent_date: write.consent_data_processing ? now : null,
              consent_by: write.consent_data_processing ? actor.id : null,
              created_by: actor.id,
              updated_by: actor.id,
              created_at: now,
              updated_at: now,
            })
            .returning(['id', 'file_number'])
            .executeTakeFirstOrThrow();
          const members: FamilyMemberRow[] = [];
          for (const { member } of membersWithPaths(write)) members.push(await insertMember(trx, family.id, member, actor.id, today));
          await replaceIncomeSources(trx, family.id, write);
          await syncNeeds(trx, family.id, write);
          await replaceCategories(trx, family.id, write.categories);
          await trx
            .insertInto('family_status_history')
            .values({ family_id: family.id, from_status: null, to_status: status, reason: null, at: now, by: actor.id })
            .execute();
          await refreshFamilySummary(trx, family.id);
          await recordActivity(trx, {
            employeeId: actor.id,
            action: 'create',
            entityType: 'family',
            entityId: family.id,
            entityLabel: familyLabel({ file_number: family.file_number, head_name: write.head.full_name }),
            changes: diffChanges(null, {
              file_number: family.file_number,
              status,
              head_name: write.head.full_name,
              ...familyAudit(columns, write.categories, write.income_sources, write.needs),
              members: members.map((member) => `${member.full_name} (${member.relationship ? labelOf(RELATIONSHIPS, member.relationship) : '—'})`),
            }),
            meta: requestMeta(request),
            familyId: family.id,
          });
          return family.id;
        });
      } catch (error) {
        // A concurrent request took one of the IDs between the check and the insert.
        if (isUniqueViolation(error)) {
          await assertNationalIdsFree(app.db, write);
          throw conflict(MESSAGES.conflict);
        }
        throw error;
      }
      const loaded = orNotFound(await loadFamilyDetail(app.db, id, lookups, visibilityFor(actor), today), FAMILY_API_MESSAGES.notFound);
      const warnings = await familyWarnings(app.db, write, id);
      return reply.code(201).send({
        message: saveAsDraft ? FAMILY_API_MESSAGES.createdDraft : FAMILY_API_MESSAGES.created,
        data: loaded.detail,
        warnings,
      });
    },
  });

  // ------------------------------------------------------------------------------- show
  app.route({
    ...endpointRoute(E.familyShow, { summary: 'بيانات أسرة', tags: TAGS, response: familyItemResponseSchema }),
    handler: async (request) => {
      const actor = requireAuth(request).employee;
      const id = paramId(request);
      const lookups = await loadLookups(app.db);
      const loaded = orNotFound(await loadFamilyDetail(app.db, id, lookups, visibilityFor(actor), todayIso()), FAMILY_API_MESSAGES.notFound);
      return { data: loaded.detail };
    },
  });

  // ------------------------------------------------------------------------------- update
  app.route({
    ...endpointRoute(E.familyUpdate, {
      summary: 'تعديل أسرة (بما فيها أفرادها)',
      tags: TAGS,
      body: familySubmitSchema,
      response: familyWriteResponseSchema,
    }),
    handler: async (request) => {
      const actor = requireAuth(request).employee;
      const id = paramId(request);
      const existing = orNotFound(await findFamilyRow(app.db, id), FAMILY_API_MESSAGES.notFound);
      if (existing.status === 'archived') throw conflict(FAMILY_API_MESSAGES.archivedReadOnly);
      const write = toFamilyWrite(parseInput(familyWriteSchemaFor({ currentStatus: existing.status as FamilyStatus, saveAsDraft: false }), request.body));
      const lookups = await loadLookups(app.db);
      const now = new Date();
      const today = todayIso(now);

      try {
        await app.db.transaction().execute(async (trx) => {
          const family = orNotFound(await lockFamilyRow(trx, id), FAMILY_API_MESSAGES.notFound);
          if (family.status === 'archived') throw conflict(FAMILY_API_MESSAGES.archivedReadOnly);
          const isDraft = family.status === 'draft';
          const active = await currentActiveMembers(trx, id);
          const [categoryRows, sourceRows, needRows] = await Promise.all([
            trx.selectFrom('family_categories').select('category').where('family_id', '=', id).execute(),
            trx.selectFrom('family_income_sources').select(['source', 'amount']).where('family_id', '=', id).orderBy('position').orderBy('id').execute(),
            trx.selectFrom('family_needs').select(['need_type', 'priority']).where('family_id', '=', id).orderBy('position').orderBy('id').execute(),
          ]);
          const held = heldCodes(
            family,
            active,
            categoryRows.map((row) => row.category),
            sourceRows.map((row) => row.source),
            needRows.map((row) => row.need_type),
          );
          const errors = await checkFamilyReferences(trx, write, lookups, held, family.assigned_researcher_id);
          const plan = planMembers(write, active, isDraft, errors);
          if (!errors.empty) throw unprocessable(errors.errors);
          await assertNationalIdsFree(trx, write, id);

          const meta = requestMeta(request);
          // 1. Members a draft no longer lists leave it (never implicitly for a registered family).
          for (const row of plan.removed) {
            await trx
              .updateTable('family_members')
              .set({ active: false, end_date: today, end_reason: 'removed_from_draft', updated_at: now, updated_by: actor.id })
              .where('id', '=', row.id)
              .execute();
            await recordActivity(trx, {
              employeeId: actor.id,
              action: 'delete',
              entityType: 'family_member',
              entityId: row.id,
              entityLabel: memberLabel(row, family),
              changes: { active: [true, false] },
              meta,
              familyId: id,
            });
          }
          // 2. IDs that move between members of this family: release them first (the unique
          //    index is checked row by row).
          const changingIds = plan.updates.filter(({ row, member }) => row.national_id !== null && row.national_id !== member.national_id);
          if (changingIds.length > 0) {
            await trx
              .updateTable('family_members')
              .set({ national_id: null })
              .where('id', 'in', changingIds.map(({ row }) => row.id))
              .execute();
          }
          // 3. Other members first (a demoted head stops being head), then the head.
          for (const { row, member } of plan.updates) {
            const columns = memberColumns(member);
            const diff = diffChanges(memberAudit(row), memberAudit(columns));
            await trx
              .updateTable('family_members')
              .set({ ...columns, ...(Object.keys(diff).length > 0 ? { updated_at: now, updated_by: actor.id } : {}) })
              .where('id', '=', row.id)
              .execute();
            if (Object.keys(diff).length > 0) {
              await recordActivity(trx, {
                employeeId: actor.id,
                action: 'update',
                entityType: 'family_member',
                entityId: row.id,
                entityLabel: memberLabel(member, family),
                changes: diff,
                meta,
                familyId: id,
              });
            }
          }
          for (const member of plan.inserts) {
            const row = await insertMember(trx, id, member, actor.id, today);
            await recordActivity(trx, {
              employeeId: actor.id,
              action: 'create',
              entityType: 'family_member',
              entityId: row.id,
              entityLabel: memberLabel(row, family),
              changes: diffChanges(null, memberAudit(memberColumns(member))),
              meta,
              familyId: id,
            });
          }

          // 4. The family's own fields and lists.
          const columns = familyColumns(write);
          const before = familyAudit(
            {
              primary_phone: family.primary_phone,
              alt_phone: family.alt_phone,
              city: family.city,
              district: family.district,
              address: family.address,
              national_address_short_code: family.national_address_short_code,
              housing_type: family.housing_type,
              housing_ownership: family.housing_ownership,
              monthly_rent: family.monthly_rent,
              consent_data_processing: family.consent_data_processing,
              consent_share_with_partners: family.consent_share_with_partners,
              assigned_researcher_id: family.assigned_researcher_id,
              next_reassessment_date: family.next_reassessment_date,
              notes: family.notes,
            },
            categoryRows.map((row) => row.category),
            sourceRows,
            needRows,
          );
          const after = familyAudit(columns, write.categories, write.income_sources, write.needs);
          const diff = diffChanges(before, after);
          const consentGiven = write.consent_data_processing && !family.consent_data_processing;
          await trx
            .updateTable('families')
            .set({
              ...columns,
              ...(consentGiven ? { consent_date: now, consent_by: actor.id } : {}),
              ...(!write.consent_data_processing ? { consent_date: null, consent_by: null } : {}),
              updated_at: now,
              updated_by: actor.id,
            })
            .where('id', '=', id)
            .execute();
          if (diff.income_sources) await replaceIncomeSources(trx, id, write);
          await syncNeeds(trx, id, write);
          if (diff.categories) await replaceCategories(trx, id, write.categories);
          await refreshFamilySummary(trx, id);
          const headName = write.head.full_name;
          if (headName !== family.head_name) diff.head_name = [family.head_name, headName];
          if (Object.keys(diff).length > 0) {
            await recordActivity(trx, {
              employeeId: actor.id,
              action: 'update',
              entityType: 'family',
              entityId: id,
              entityLabel: familyLabel({ file_number: family.file_number, head_name: headName }),
              changes: diff,
              meta,
              familyId: id,
            });
          }
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          await assertNationalIdsFree(app.db, write, id);
          throw conflict(MESSAGES.conflict);
        }
        throw error;
      }
      const loaded = orNotFound(await loadFamilyDetail(app.db, id, lookups, visibilityFor(actor), today), FAMILY_API_MESSAGES.notFound);
      return { message: FAMILY_API_MESSAGES.updated, data: loaded.detail, warnings: await familyWarnings(app.db, write, id) };
    },
  });

  // ------------------------------------------------------------------------------- status
  app.route({
    ...endpointRoute(E.familyStatus, {
      summary: 'تغيير حالة الأسرة',
      tags: TAGS,
      body: familyStatusChangeSchema,
      response: familyWriteResponseSchema,
    }),
    handler: async (request) => {
      const actor = requireAuth(request).employee;
      const id = paramId(request);
      const input = parseInput(familyStatusChangeSchema, request.body);
      const lookups = await loadLookups(app.db);
      const now = new Date();
      const today = todayIso(now);
      const reason = input.reason && input.reason.trim() !== '' ? input.reason.trim() : null;

      await app.db.transaction().execute(async (trx) => {
        const family = orNotFound(await lockFamilyRow(trx, id), FAMILY_API_MESSAGES.notFound);
        const from = family.status as FamilyStatus;
        const refused = familyTransitionError(from, input.status);
        if (refused) throw conflict(refused, { status: [refused] });

        if (input.status === 'pending_review') {
          // A draft (or a resubmission) must pass the strict form before review.
          const loaded = orNotFound(await loadFamilyDetail(trx, id, lookups, { medical: true }, today), FAMILY_API_MESSAGES.notFound);
          const parsed = familySubmitSchema.safeParse(familyDetailToInput(loaded.detail));
          if (!parsed.success) throw unprocessable(zodErrorToFieldErrors(parsed.error), FAMILY_API_MESSAGES.submitIncomplete);
          const write = toFamilyWrite(parsed.data);
          const held = heldCodes(
            loaded.row,
            loaded.members,
            loaded.categories,
            loaded.detail.income_sources.map((source) => source.source.code),
            loaded.detail.needs.map((need) => need.need_type.code),
          );
          const errors = await checkFamilyReferences(trx, write, lookups, held, family.assigned_researcher_id);
          if (!errors.empty) throw unprocessable(errors.errors, FAMILY_API_MESSAGES.submitIncomplete);
          await assertNationalIdsFree(trx, write, id);
        }

        await trx
          .updateTable('families')
          .set({ status: input.status, status_reason: reason, status_changed_at: now, status_changed_by: actor.id, updated_at: now, updated_by: actor.id })
          .where('id', '=', id)
          .execute();
        await trx
          .insertInto('family_status_history')
          .values({ family_id: id, from_status: from, to_status: input.status, reason, at: now, by: actor.id })
          .execute();
        if (input.status === 'archived') {
          // An archived family releases its members' national IDs (ACTIVE_FAMILY_STATUSES);
          // the detail page still lists them (end_reason family_archived).
          await trx
            .updateTable('family_members')
            .set({ active: false, end_date: today, end_reason: 'family_archived', updated_at: now, updated_by: actor.id })
            .where('family_id', '=', id)
            .where('active', '=', true)
            .execute();
        }
        const changes: ActivityChanges = { status: [from, input.status] };
        if (reason !== null || family.status_reason !== null) changes.status_reason = [family.status_reason, reason];
        await recordActivity(trx, {
          employeeId: actor.id,
          action: 'status_change',
          entityType: 'family',
          entityId: id,
          entityLabel: `${familyLabel(family)}: ${familyStatusLabel(from)} ← ${familyStatusLabel(input.status)}`,
          changes,
          meta: requestMeta(request),
          familyId: id,
        });
      });
      const loaded = orNotFound(await loadFamilyDetail(app.db, id, lookups, visibilityFor(actor), today), FAMILY_API_MESSAGES.notFound);
      return { message: FAMILY_API_MESSAGES.statusChanged, data: loaded.detail, warnings: [] };
    },
  });

  // ------------------------------------------------------------------------------- timeline
  app.route({
    ...endpointRoute(E.familyTimeline, {
      summary: 'السجل الزمني للأسرة',
      tags: TAGS,
      query: familyTimelineQuerySchema,
      response: familyTimelineResponseSchema,
    }),
    handler: async (request) => {
      const id = paramId(request);
      const query = parseInput(familyTimelineQuerySchema, request.query);
      // 404 for an unknown family rather than an empty timeline.
      orNotFound(await findFamilyRow(app.db, id), FAMILY_API_MESSAGES.notFound);
      const { rows, total } = await listActivity(app.db, { page: query.page, perPage: query.per_page, order: 'desc', familyId: id });
      return pageEnvelope(rows, query, total);
    },
  });
};


interface MemberPlan {
  updates: { row: FamilyMemberRow; member: MemberWrite }[];
  inserts: MemberWrite[];
  removed: FamilyMemberRow[];
}

/**
 * Matches the body's members to the family's active memberships (README "Members on update"):
 * - a member with `id` updates that membership (it must be an active member of this family);
 * - a member without `id` is a new person; the head without `id` is the current head, unless
 *   the current head is listed among the members (a new person becomes head);
 * - the head with the `id` of another member makes that member head: the previous head must stay
 *   listed among the members with another relationship;
 * - an active member the body leaves out: removed from a draft, refused (422) for a registered
 *   family — leaving a registered family is a move with a reason.
 * Non-head members come first in `updates`, so a demoted head stops being head before the new
 * head is written.
 */
function planMembers(
  write: FamilyWrite,
  active: readonly FamilyMemberRow[],
  isDraft: boolean,
  errors: { add(path: string, message: string): void },
): MemberPlan {
  const byId = new Map(active.map((row) => [row.id, row]));
  const currentHead = active.find((row) => row.relationship === 'head');
  const listed = new Set<number>();
  const plan: MemberPlan = { updates: [], inserts: [], removed: [] };

  write.members.forEach((member, index) => {
    if (member.id === null) {
      plan.inserts.push(member);
      return;
    }
    const row = byId.get(member.id);
    if (!row) errors.add(`members.${index}.id`, FAMILY_API_MESSAGES.memberNotInFamily);
    else if (listed.has(row.id)) errors.add(`members.${index}.id`, FAMILY_API_MESSAGES.memberListedTwice);
    else {
      listed.add(row.id);
      plan.updates.push({ row, member });
    }
  });

  const head = write.head;
  let headRow: FamilyMemberRow | undefined;
  if (head.id !== null) {
    headRow = byId.get(head.id);
    if (!headRow) errors.add('head.id', FAMILY_API_MESSAGES.memberNotInFamily);
    else if (listed.has(headRow.id)) errors.add('head.id', FAMILY_API_MESSAGES.memberListedTwice);
  } else if (currentHead && !listed.has(currentHead.id)) {
    headRow = currentHead;
  }
  if (headRow) {
    listed.add(headRow.id);
    plan.updates.push({ row: headRow, member: head });
  } else if (head.id === null) {
    plan.inserts.push(head);
  }

  const omitted = active.filter((row) => !listed.has(row.id));
  if (omitted.length > 0) {
    if (isDraft) plan.removed.push(...omitted);
    else if (currentHead && omitted.some((row) => row.id === currentHead.id) && headRow && headRow.id !== currentHead.id) {
      errors.add('members', FAMILY_API_MESSAGES.oldHeadMustStay);
    } else {
      errors.add('members', FAMILY_API_MESSAGES.memberOmitted(omitted.map((row) => row.full_name).join('، ')));
    }
  }
  return plan;
}

/** The export's rows: the filtered list in the list's order, with labels instead of codes. */
async function* familyExportRows(
  app: { db: Parameters<typeof familyPage>[0] },
  query: FamilyListQuery,
  today: string,
  lookups: LookupSet,
): AsyncGenerator<Record<string, ExportValue>> {
  const pages = inBatches((offset, limit) => familyPage(app.db, query, today, { sort: query.sort, order: query.order, limit, offset }));
  let batch: Awaited<ReturnType<typeof familyPage>> = [];
  const flush = async function* () {
    const categories = await categoriesOf(app.db, batch.map((row) => row.id), lookups);
    for (const row of batch) {
      const family = toFamilyResource(row, categories.get(row.id) ?? [], lookups, today);
      yield {
        file_number: family.file_number,
        head_name: family.head_name,
        head_national_id: family.head_national_id,
        primary_phone: family.primary_phone,
        status: labelOf(FAMILY_STATUSES, family.status),
        categories: family.categories.map((category) => category.label).join('، '),
        city: family.city?.label ?? null,
        district: family.district?.label ?? null,
        members_count: family.members_count,
        total_income: Number(family.total_income),
        per_capita_income: family.per_capita_income === null ? null : Number(family.per_capita_income),
        researcher: family.researcher?.name ?? null,
        next_reassessment_date: family.next_reassessment_date,
        created_at: todayIso(new Date(family.created_at)),
      };
    }
    batch = [];
  };
  for await (const row of pages) {
    batch.push(row);
    if (batch.length >= 500) yield* flush();
  }
  yield* flush();
}

