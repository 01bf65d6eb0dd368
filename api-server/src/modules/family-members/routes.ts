import type { FastifyPluginAsync } from 'fastify';
import { countOf, todayIso } from 'shared-contracts';
import {
  FAMILY_MEMBER_EXPORT_COLUMNS,
  GENDERS,
  RELATIONSHIPS,
  labelOf,
  memberEndpoints,
  type FamilyMemberListQuery,
} from 'shared-contracts/beneficiaries';
import { registerEndpoint } from '../../http/endpoint';
import { forbidden } from '../../http/errors';
import { inBatches, mapRows, sendExport, type ExportValue } from '../../http/export';
import { listPage, sortedPageOf } from '../../http/pagination';
import { recordExport } from '../activity-log';
import { toMemberResource, visibilityFor, type Visibility } from '../families';
import { loadLookups, type LookupSet } from '../lookups';
import { MEMBER_API_MESSAGES as M, moveMember } from './commands';
import { countMembers, memberPage, type MemberListRow } from './repository';

/** Filtering by a field the reader may not see would reveal it: refused (403). */
function assertFiltersVisible(query: FamilyMemberListQuery, visibility: Visibility): void {
  const filters: Record<string, unknown> = query.filter;
  for (const field of visibility.hidden) {
    const value = Object.hasOwn(filters, field) ? filters[field] : undefined;
    if (Array.isArray(value) ? value.length > 0 : value !== undefined)
      throw forbidden(M.medicalFilterForbidden);
  }
}

const memberResource = (
  row: MemberListRow,
  lookups: LookupSet,
  visibility: Visibility,
  today: string,
) =>
  toMemberResource(
    row,
    {
      id: row.family_id,
      file_number: row.file_number,
      status: row.family_status,
      city: row.family_city,
    },
    lookups,
    visibility,
    today,
  );

/** A member as an export row: labels instead of codes (hidden fields are absent from `member`, and their columns from the export). */
function exportRow(member: ReturnType<typeof memberResource>): Record<string, ExportValue> {
  return {
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
    health_status: member.health_status?.label ?? null,
    disabilities: member.disabilities?.map((item) => item.label).join('، ') ?? null,
  };
}

/** Family members across families: list with filters, export, move to another family. */
export const familyMemberRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, memberEndpoints.list, async ({ query, auth }) => {
    const visibility = visibilityFor(auth().employee);
    assertFiltersVisible(query, visibility);
    const today = todayIso();
    const lookups = await loadLookups(app.db);
    const rows = memberPage(app.db, query, today, sortedPageOf(query));
    return listPage(query, rows, countMembers(app.db, query, today), (row) =>
      memberResource(row, lookups, visibility, today),
    );
  });

  registerEndpoint(app, memberEndpoints.export, async ({ query, auth, author, reply }) => {
    const visibility = visibilityFor(auth().employee);
    assertFiltersVisible(query, visibility);
    const today = todayIso();
    const lookups = await loadLookups(app.db);
    const total = await countMembers(app.db, query, today);
    const label = `تصدير أفراد الأسر (${countOf(total, 'member')})`;
    const columns = FAMILY_MEMBER_EXPORT_COLUMNS.filter(
      (column) => !visibility.hidden.has(column.key),
    );
    const hiddenColumns = FAMILY_MEMBER_EXPORT_COLUMNS.filter((column) =>
      visibility.hidden.has(column.key),
    ).map((column) => column.key);
    await recordExport(app.db, author(), {
      entityType: 'family_member',
      entityLabel: label,
      query,
      rows: total,
      extra: { hidden_columns: [null, hiddenColumns] },
    });
    return sendExport(reply, query.format, {
      fileName: `family-members-${today}`,
      fileNameAr: `أفراد-الأسر-${today}`,
      sheetTitle: 'أفراد الأسر',
      columns,
      rows: () =>
        mapRows(
          inBatches((offset, limit) =>
            memberPage(app.db, query, today, {
              sort: query.sort,
              order: query.order,
              limit,
              offset,
            }),
          ),
          (row) => exportRow(memberResource(row, lookups, visibility, today)),
        ),
    });
  });

  registerEndpoint(
    app,
    memberEndpoints.move,
    async ({ params, body, auth, author }) => {
      const lookups = await loadLookups(app.db);
      const result = await moveMember(app.db, params.id, body, author());
      const member = toMemberResource(
        result.moved,
        {
          id: result.to.id,
          file_number: result.to.file_number,
          status: result.to.status,
          city: result.to.city,
        },
        lookups,
        visibilityFor(auth().employee),
        todayIso(),
      );
      return { message: M.moved, data: { ...result.record, member } };
    },
    { notFound: M.notFound },
  );
};
