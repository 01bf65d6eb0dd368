import type { FastifyPluginAsync } from 'fastify';
import { countOf, todayIso } from 'shared-contracts';
import {
  FAMILY_EXPORT_COLUMNS,
  MEDICAL_RULE_MESSAGES,
  familyEndpoints,
  isDraftWrite,
  isMedicalCategory,
  type FamilyListQuery,
  FAMILY_STATUS_CODES,
  type FamilyStatus,
} from 'shared-contracts/beneficiaries';
import { storedCode } from '../../http/validation';
import { registerEndpoint } from '../../http/endpoint';
import { conflict, forbidden, orNotFound } from '../../http/errors';
import { sendExport } from '../../http/export';
import { pageEnvelope, sortedPageOf } from '../../http/pagination';
import { listActivity, recordExport } from '../activity-log';
import { recordFamilyAccess } from '../family-access';
import { loadLookups } from '../lookups';
import {
  changeFamilyStatus,
  createFamily,
  FAMILY_API_MESSAGES as M,
  familyWarnings,
  parseFamilyUpdate,
  toFamilyWrite,
  updateFamily,
} from './commands';
import {
  categoriesFor,
  categoriesOf,
  countFamilies,
  familiesUsingPhones,
  familyExportRows,
  familyPage,
  findFamilyRow,
  loadFamilyDetail,
  nationalIdHolder,
  similarMembers,
  toFamilyResource,
  visibilityFor,
  type Visibility,
} from './repository';

/** A filter on a medical category by a reader without medical fields: 403, as the members' health filter. */
function assertCategoryFilterVisible(
  query: Pick<FamilyListQuery, 'filter'>,
  visibility: Visibility,
): void {
  if (!visibility.medical && query.filter.category?.some(isMedicalCategory))
    throw forbidden(MEDICAL_RULE_MESSAGES.filterForbidden);
}

/** Families: list, search, export, create (wizard), show, edit, status workflow, timeline, duplicate checks. */
export const familyRoutes: FastifyPluginAsync = async (app) => {
  const options = { notFound: M.notFound };
  /** The family as the caller may see it (medical data per `visibilityFor`). */
  const record = async (id: number, employee: Parameters<typeof visibilityFor>[0]) =>
    orNotFound(
      await loadFamilyDetail(
        app.db,
        id,
        await loadLookups(app.db),
        visibilityFor(employee),
        todayIso(),
      ),
      M.notFound,
    ).detail;

  registerEndpoint(app, familyEndpoints.list, async ({ query, auth }) => {
    const visibility = visibilityFor(auth().employee);
    assertCategoryFilterVisible(query, visibility);
    const today = todayIso();
    const lookups = await loadLookups(app.db);
    const [rows, total] = await Promise.all([
      familyPage(app.db, query, today, {
        ...sortedPageOf(query),
        reader: { medical: visibility.medical },
      }),
      countFamilies(app.db, query, today, { medical: visibility.medical }),
    ]);
    const categories = await categoriesOf(
      app.db,
      rows.map((row) => row.id),
      lookups,
    );
    return pageEnvelope(
      rows.map((row) =>
        toFamilyResource(
          row,
          categoriesFor(categories.get(row.id) ?? [], visibility),
          lookups,
          today,
        ),
      ),
      query,
      total,
    );
  });

  registerEndpoint(app, familyEndpoints.export, async ({ query, auth, author, reply }) => {
    const visibility = visibilityFor(auth().employee);
    assertCategoryFilterVisible(query, visibility);
    const today = todayIso();
    const lookups = await loadLookups(app.db);
    const total = await countFamilies(app.db, query, today, { medical: visibility.medical });
    await recordExport(app.db, author(), {
      entityType: 'family',
      entityLabel: `تصدير قائمة الأسر (${countOf(total, 'family')})`,
      query,
      rows: total,
    });
    return sendExport(reply, query.format, {
      fileName: `families-${today}`,
      fileNameAr: `الأسر-${today}`,
      sheetTitle: 'الأسر',
      columns: FAMILY_EXPORT_COLUMNS,
      rows: () => familyExportRows(app.db, query, today, lookups, visibility),
    });
  });

  registerEndpoint(app, familyEndpoints.checkNationalId, async ({ query }) => {
    const holder = await nationalIdHolder(app.db, query.national_id, query.exclude_family_id);
    return { data: { available: holder === undefined, family: holder ?? null } };
  });

  registerEndpoint(app, familyEndpoints.checkPhone, async ({ query }) => {
    const families = await familiesUsingPhones(app.db, [query.phone], query.exclude_family_id);
    return {
      data: {
        families: families.map(({ id, file_number, head_name }) => ({
          id,
          file_number,
          head_name,
        })),
      },
    };
  });

  registerEndpoint(app, familyEndpoints.checkSimilarMembers, async ({ query }) => ({
    data: {
      matches: await similarMembers(
        app.db,
        query.full_name,
        query.birth_date,
        query.exclude_family_id,
      ),
    },
  }));

  registerEndpoint(app, familyEndpoints.create, async ({ body, auth, author }) => {
    const saveAsDraft = isDraftWrite(body);
    const write = toFamilyWrite(body);
    const status: FamilyStatus = saveAsDraft ? 'draft' : 'pending_review';
    const id = await createFamily(app.db, write, status, await loadLookups(app.db), author());
    return {
      message: saveAsDraft ? M.createdDraft : M.created,
      data: await record(id, auth().employee),
      warnings: await familyWarnings(app.db, write, id),
    };
  });

  registerEndpoint(
    app,
    familyEndpoints.show,
    async ({ params, auth }) => {
      const family = await record(params.id, auth().employee);
      // The family's page loads the family through this call: each opening is a look at the
      // file (docs/personal-data.md), written once the family is found and may be seen.
      await recordFamilyAccess(app.db, {
        familyId: params.id,
        employeeId: auth().employee.id,
        kind: 'view',
      });
      return { data: family };
    },
    options,
  );

  registerEndpoint(
    app,
    familyEndpoints.update,
    async ({ params, body, auth, author }) => {
      const existing = orNotFound(await findFamilyRow(app.db, params.id), M.notFound);
      if (existing.status === 'archived') throw conflict(M.archivedReadOnly);
      // Its form would only bring back what the erasure destroyed (docs/personal-data.md#erasure).
      if (existing.anonymised_at !== null) throw conflict(M.anonymisedReadOnly);
      const write = parseFamilyUpdate(
        body,
        storedCode(FAMILY_STATUS_CODES, existing.status, 'families.status'),
      );
      await updateFamily(app.db, params.id, write, await loadLookups(app.db), author());
      return {
        message: M.updated,
        data: await record(params.id, auth().employee),
        warnings: await familyWarnings(app.db, write, params.id),
      };
    },
    options,
  );

  registerEndpoint(
    app,
    familyEndpoints.status,
    async ({ params, body, auth, author }) => {
      await changeFamilyStatus(app.db, params.id, body, await loadLookups(app.db), author());
      return {
        message: M.statusChanged,
        data: await record(params.id, auth().employee),
        warnings: [],
      };
    },
    options,
  );

  registerEndpoint(
    app,
    familyEndpoints.timeline,
    async ({ params, query, auth }) => {
      // 404 for an unknown family rather than an empty timeline.
      orNotFound(await findFamilyRow(app.db, params.id), M.notFound);
      // The member changes show only the fields the reader may see on the member.
      const reader = auth().employee;
      const { rows, total } = await listActivity(app.db, {
        page: query.page,
        perPage: query.per_page,
        order: 'desc',
        familyId: params.id,
        reader,
      });
      return pageEnvelope(rows, query, total);
    },
    options,
  );
};
