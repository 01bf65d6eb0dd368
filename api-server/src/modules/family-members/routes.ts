import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  BENEFICIARIES_ENDPOINTS as E,
  FAMILY_MEMBER_EXPORT_COLUMNS,
  GENDERS,
  MEMBER_MESSAGES,
  RELATIONSHIPS,
  RELATIONSHIP_GENDER,
  familyMemberListQuery,
  familyMemberListQuerySchema,
  familyMemberSchema,
  labelOf,
  listEnvelopeOf,
  memberMoveRecordSchema,
  memberMoveSchema,
  todayIso,
  type FamilyMemberListQuery,
  type MemberMoveRecord,
  type Relationship,
} from 'shared-contracts';
import type { FamilyRow } from '../../db/schema';
import { requireAuth } from '../../http/access-control';
import { endpointRoute, exportFormatSchema, listQueryDocs } from '../../http/endpoint';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import { inBatches, sendExport, type ExportValue } from '../../http/export';
import { pageEnvelope, sortedPageOf } from '../../http/pagination';
import { requestMeta } from '../../http/request-meta';
import { parseId, parseInput } from '../../http/validation';
import { recordActivity } from '../activity-log/repository';
import { visibilityFor } from '../families/checks';
import { familyLabel, loggedFilters, memberLabel } from '../families/routes';
import { refreshFamilySummary, toMemberResource, type Visibility } from '../families/repository';
import { loadLookups, type LookupSet } from '../lookups/repository';
import { countMembers, memberPage, type MemberListRow } from './repository';

const TAGS = ['family-members'];

export const MEMBER_API_MESSAGES = {
  notFound: 'الفرد غير موجود',
  notActive: 'لم يعد هذا الفرد عضواً في أسرة (نُقل أو أُرشفت أسرته)، ولا يمكن نقله',
  headCannotMove:
    'لا يمكن نقل رب الأسرة؛ عيّن رب أسرة آخر لهذه الأسرة أولاً من تعديل الأسرة، ثم انقل الفرد',
  sameFamily: 'الفرد ينتمي إلى هذه الأسرة أصلاً',
  targetNotFound: 'الأسرة المستهدفة غير موجودة',
  targetArchived: 'لا يمكن النقل إلى أسرة مؤرشفة',
  effectiveBeforeStart: 'تاريخ النقل لا يمكن أن يسبق تاريخ انضمام الفرد إلى أسرته الحالية',
  effectiveInFuture: 'تاريخ النقل لا يمكن أن يكون في المستقبل',
  moved: 'تم نقل الفرد إلى الأسرة الجديدة بنجاح',
  medicalFilterForbidden: 'لا تملك صلاحية الاطلاع على البيانات الصحية',
} as const;

export const memberListResponseSchema = listEnvelopeOf(familyMemberSchema);
/** The move's record plus the member as it is now (its new membership, with a new id). */
export const memberMoveResponseSchema = z.object({
  message: z.string(),
  data: memberMoveRecordSchema.extend({ from_member_id: z.number().int(), member: familyMemberSchema }),
});

function assertMedicalFilterAllowed(query: FamilyMemberListQuery, visibility: Visibility): void {
  if (!visibility.medical && query.filter.health_status?.length) throw forbidden(MEMBER_API_MESSAGES.medicalFilterForbidden);
}

const memberResource = (row: MemberListRow, lookups: LookupSet, visibility: Visibility, today: string) =>
  toMemberResource(
    row,
    { id: row.family_id, file_number: row.file_number, status: row.family_status, city: row.family_city },
    lookups,
    visibility,
    today,
  );

/** Family members across families: list with filters, export, move to another family. */
export const familyMemberRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    ...endpointRoute(E.memberList, {
      summary: 'أفراد الأسر',
      tags: TAGS,
      query: listQueryDocs(familyMemberListQuery),
      response: memberListResponseSchema,
    }),
    handler: async (request) => {
      const visibility = visibilityFor(requireAuth(request).employee);
      const query = parseInput(familyMemberListQuerySchema, request.query);
      assertMedicalFilterAllowed(query, visibility);
      const today = todayIso();
      const [lookups, rows, total] = await Promise.all([
        loadLookups(app.db),
        memberPage(app.db, query, today, sortedPageOf(query)),
        countMembers(app.db, query, today),
      ]);
      return pageEnvelope(
        rows.map((row) => memberResource(row, lookups, visibility, today)),
        query,
        total,
      );
    },
  });

  app.route({
    ...endpointRoute(E.memberExport, {
      summary: 'تصدير أفراد الأسر (XLSX أو CSV)',
      tags: TAGS,
      query: listQueryDocs(familyMemberListQuery, { format: z.enum(['xlsx', 'csv']).optional() }),
    }),
    handler: async (request, reply) => {
      const actor = requireAuth(request).employee;
      const visibility = visibilityFor(actor);
      const query = parseInput(familyMemberListQuerySchema, request.query);
      const { format } = parseInput(exportFormatSchema, request.query);
      assertMedicalFilterAllowed(query, visibility);
      const today = todayIso();
      const lookups = await loadLookups(app.db);
      const total = await countMembers(app.db, query, today);
      const columns = FAMILY_MEMBER_EXPORT_COLUMNS.filter((column) => visibility.medical || !column.sensitive);
      await recordActivity(app.db, {
        employeeId: actor.id,
        action: 'export',
        entityType: 'family_member',
        entityLabel: `تصدير أفراد الأسر (${total} فرداً)`,
        changes: {
          filters: [null, loggedFilters(query)],
          rows: [null, total],
          format: [null, format],
          sensitive_columns: [null, visibility.medical],
        },
        meta: requestMeta(request),
      });
      return sendExport(reply, format, {
        fileName: `family-members-${today}`,
        fileNameAr: `أفراد-الأسر-${today}`,
        sheetTitle: 'أفراد الأسر',
        columns,
        rows: async function* () {
          const rows = inBatches((offset, limit) => memberPage(app.db, query, today, { sort: query.sort, order: query.order, limit, offset }));
          for await (const row of rows) {
            const member = memberResource(row, lookups, visibility, today);
            const values: Record<string, ExportValue> = {
              family_file_number: member.family_file_number,
              full_name: member.full_name,
              national_id: member.national_id,
              relationship: member.relationship ? labelOf(RELATIONSHIPS, member.relationship) : null,
              gender: member.gender ? labelOf(GENDERS, member.gender) : null,
              birth_date: member.birth_date,
              age: member.age,
              marital_status: member.marital_status?.label ?? null,
              education_level: member.education_level?.label ?? null,
              employment_status: member.employment_status?.label ?? null,
              monthly_income: member.monthly_income === null ? null : Number(member.monthly_income),
              phone: member.phone,
            };
            if (visibility.medical) {
              values.health_status = member.health_status?.label ?? null;
              values.disabilities = (member.disabilities ?? []).map((item) => item.label).join('، ');
            }
            yield values;
          }
        },
      });
    },
  });

  app.route({
    ...endpointRoute(E.memberMove, {
      summary: 'نقل فرد إلى أسرة أخرى',
      tags: TAGS,
      body: memberMoveSchema,
      response: memberMoveResponseSchema,
    }),
    handler: async (request) => {
      const actor = requireAuth(request).employee;
      const memberId = parseId((request.params as { id?: string }).id, MEMBER_API_MESSAGES.notFound);
      const input = parseInput(memberMoveSchema, request.body);
      const now = new Date();
      const today = todayIso(now);
      const effectiveDate = input.effective_date ?? today;
      const lookups = await loadLookups(app.db);

      const result = await app.db.transaction().execute(async (trx) => {
        const member = await trx.selectFrom('family_members').selectAll().where('id', '=', memberId).forUpdate().executeTakeFirst();
        if (!member) throw notFound(MEMBER_API_MESSAGES.notFound);
        if (!member.active) throw conflict(MEMBER_API_MESSAGES.notActive);
        if (member.relationship === 'head') throw conflict(MEMBER_API_MESSAGES.headCannotMove, { relationship: [MEMBER_API_MESSAGES.headCannotMove] });
        if (input.to_family_id === member.family_id) throw unprocessable({ to_family_id: [MEMBER_API_MESSAGES.sameFamily] });

        // Both families locked in id order, so two crossing moves cannot deadlock.
        const families = await trx
          .selectFrom('families')
          .selectAll()
          .where('id', 'in', [member.family_id, input.to_family_id])
          .orderBy('id')
          .forUpdate()
          .execute();
        const from = families.find((family) => family.id === member.family_id) as FamilyRow;
        const to = families.find((family) => family.id === input.to_family_id);
        if (!to) throw unprocessable({ to_family_id: [MEMBER_API_MESSAGES.targetNotFound] });
        if (to.status === 'archived') throw conflict(MEMBER_API_MESSAGES.targetArchived, { to_family_id: [MEMBER_API_MESSAGES.targetArchived] });

        const errors: Record<string, string[]> = {};
        const implied = RELATIONSHIP_GENDER[input.relationship as Relationship];
        if (implied && member.gender && implied !== member.gender) errors.relationship = [MEMBER_MESSAGES.relationshipGenderMismatch];
        if (effectiveDate > today) errors.effective_date = [MEMBER_API_MESSAGES.effectiveInFuture];
        else if (effectiveDate < member.start_date) errors.effective_date = [MEMBER_API_MESSAGES.effectiveBeforeStart];
        if (Object.keys(errors).length > 0) throw unprocessable(errors);

        await trx
          .updateTable('family_members')
          .set({ active: false, end_date: effectiveDate, end_reason: 'moved', updated_at: now, updated_by: actor.id })
          .where('id', '=', member.id)
          .execute();
        const {
          id: _oldId,
          family_id: _oldFamily,
          relationship: _oldRelationship,
          active: _active,
          start_date: _start,
          end_date: _end,
          end_reason: _endReason,
          moved_from_member_id: _movedFrom,
          created_at: _createdAt,
          created_by: _createdBy,
          updated_at: _updatedAt,
          updated_by: _updatedBy,
          ...person
        } = member;
        const moved = await trx
          .insertInto('family_members')
          .values({
            ...person,
            family_id: to.id,
            relationship: input.relationship,
            start_date: effectiveDate,
            moved_from_member_id: member.id,
            created_by: actor.id,
            updated_by: actor.id,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const record = await trx
          .insertInto('member_moves')
          .values({
            from_member_id: member.id,
            to_member_id: moved.id,
            from_family_id: from.id,
            to_family_id: to.id,
            from_relationship: member.relationship ?? 'other',
            to_relationship: input.relationship,
            reason: input.reason,
            effective_date: effectiveDate,
            at: now,
            by: actor.id,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await refreshFamilySummary(trx, from.id);
        await refreshFamilySummary(trx, to.id);

        const meta = requestMeta(request);
        const changes = {
          family: [from.file_number, to.file_number] as [unknown, unknown],
          relationship: [member.relationship, input.relationship] as [unknown, unknown],
          reason: [null, input.reason] as [unknown, unknown],
          effective_date: [null, effectiveDate] as [unknown, unknown],
        };
        // One row on each family's timeline.
        await recordActivity(trx, {
          employeeId: actor.id,
          action: 'move_out',
          entityType: 'family_member',
          entityId: member.id,
          entityLabel: `نقل ${memberLabel(member, from)} إلى ${familyLabel(to)}`,
          changes,
          meta,
          familyId: from.id,
        });
        await recordActivity(trx, {
          employeeId: actor.id,
          action: 'move_in',
          entityType: 'family_member',
          entityId: moved.id,
          entityLabel: `انضمام ${member.full_name} منقولاً من ${familyLabel(from)}`,
          changes,
          meta,
          familyId: to.id,
        });
        const headOf = async (familyId: number) =>
          (await trx.selectFrom('families').select('head_name').where('id', '=', familyId).executeTakeFirstOrThrow()).head_name;
        const recordOut: MemberMoveRecord & { from_member_id: number } = {
          id: record.id,
          member_id: moved.id,
          from_member_id: member.id,
          from_family: { id: from.id, file_number: from.file_number, head_name: await headOf(from.id) },
          to_family: { id: to.id, file_number: to.file_number, head_name: await headOf(to.id) },
          from_relationship: record.from_relationship as Relationship,
          to_relationship: record.to_relationship as Relationship,
          reason: record.reason,
          effective_date: record.effective_date,
          at: record.at.toISOString(),
          by: { id: actor.id, name: actor.name },
        };
        return { record: recordOut, moved, to };
      });

      const member = toMemberResource(
        result.moved,
        { id: result.to.id, file_number: result.to.file_number, status: result.to.status, city: result.to.city },
        lookups,
        visibilityFor(actor),
        today,
      );
      return { message: MEMBER_API_MESSAGES.moved, data: { ...result.record, member } };
    },
  });
};

