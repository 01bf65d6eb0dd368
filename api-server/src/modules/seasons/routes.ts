import type { FastifyPluginAsync } from 'fastify';
import { countOf, todayIso } from 'shared-contracts';
import {
  SEASON_BENEFICIARY_EXPORT_COLUMNS,
  SEASON_BENEFICIARY_STATUSES,
  labelOf,
  seasonEndpoints,
  type SeasonBeneficiary,
} from 'shared-contracts/beneficiaries';
import { registerEndpoint } from '../../http/endpoint';
import { registerRecordEndpoints } from '../../http/record-endpoints';
import { notFound, orNotFound } from '../../http/errors';
import { inBatches, loggedFilters, mapRows, sendExport, type ExportValue } from '../../http/export';
import { listPage, pageEnvelope, sortedPageOf } from '../../http/pagination';
import { recordActivity, recordExport } from '../activity-log';
import { loadLookups } from '../lookups';
import {
  changeSeasonStatus,
  createSeason,
  distribute,
  enrolFamilies,
  excludeBeneficiary,
  SEASON_API_MESSAGES as M,
  updateSeason,
} from './commands';
import {
  beneficiaryRows,
  countBeneficiaries,
  findDistribution,
  findSeasonName,
  listDistributions,
  listSeasons,
  loadSeason,
} from './repository';
import { distributionResources, toBeneficiaryResource, toSeasonResource } from './repository';

function exportRow(beneficiary: SeasonBeneficiary): Record<string, ExportValue> {
  return {
    file_number: beneficiary.family.file_number,
    head_name: beneficiary.family.head_name,
    head_national_id: beneficiary.family.head_national_id,
    primary_phone: beneficiary.family.primary_phone,
    members_count: beneficiary.family.members_count,
    per_capita_income:
      beneficiary.family.per_capita_income === null
        ? null
        : Number(beneficiary.family.per_capita_income),
    city: beneficiary.family.city?.label ?? null,
    district: beneficiary.family.district?.label ?? null,
    voucher_code: beneficiary.voucher_code,
    status: labelOf(SEASON_BENEFICIARY_STATUSES, beneficiary.status),
    enrolled_at: todayIso(new Date(beneficiary.enrolled_at)),
    distributions_count: beneficiary.distributions_count,
    last_distributed_at: beneficiary.last_distributed_at,
  };
}

/** Seasonal programmes: CRUD, status workflow, enrolment, exclusion, distributions, lists and exports. */
export const seasonRoutes: FastifyPluginAsync = async (app) => {
  // A season answers its lookups' labels; its commands refuse an unknown id themselves (404).
  const seasons = registerRecordEndpoints(app, seasonEndpoints, M, {
    list: async (db, query) => {
      const [lookups, { rows, total }] = await Promise.all([
        loadLookups(db),
        listSeasons(db, query),
      ]);
      return { rows: rows.map((row) => toSeasonResource(row, lookups)), total };
    },
    load: async (db, id) => {
      const row = await loadSeason(db, id);
      return row && toSeasonResource(row, await loadLookups(db));
    },
    create: async (db, body, author) => createSeason(db, body, await loadLookups(db), author),
    update: async (db, id, body, author) => {
      await updateSeason(db, id, body, await loadLookups(db), author);
      return true;
    },
  });
  seasons.action(
    'status',
    async (db, id, body, author) => {
      await changeSeasonStatus(db, id, body, author);
      return true;
    },
    M.statusChanged,
  );
  const { options } = seasons;
  /** 404 unless the season exists (sub-resource lists of an unknown season are not empty lists). */
  const seasonName = async (id: number) => orNotFound(await findSeasonName(app.db, id), M.notFound);

  registerEndpoint(
    app,
    seasonEndpoints.beneficiaries,
    async ({ params, query }) => {
      await seasonName(params.id);
      const lookups = await loadLookups(app.db);
      const rows = beneficiaryRows(app.db, params.id, query, sortedPageOf(query));
      return listPage(query, rows, countBeneficiaries(app.db, params.id, query), (row) =>
        toBeneficiaryResource(row, lookups),
      );
    },
    options,
  );

  registerEndpoint(
    app,
    seasonEndpoints.export,
    async ({ params: { id }, query, author, reply }) => {
      const { name } = await seasonName(id);
      const lookups = await loadLookups(app.db);
      const total = await countBeneficiaries(app.db, id, query);
      await recordExport(app.db, author(), {
        entityType: 'season',
        entityId: id,
        entityLabel: `تصدير المستفيدين من ${name} (${countOf(total, 'family')})`,
        query,
        rows: total,
      });
      const today = todayIso();
      return sendExport(reply, query.format, {
        fileName: `season-${id}-beneficiaries-${today}`,
        fileNameAr: `${name}-المستفيدون-${today}`,
        sheetTitle: 'المستفيدون',
        columns: SEASON_BENEFICIARY_EXPORT_COLUMNS,
        rows: () =>
          mapRows(
            inBatches((offset, limit) =>
              beneficiaryRows(app.db, id, query, {
                sort: query.sort,
                order: query.order,
                limit,
                offset,
              }),
            ),
            (row) => exportRow(toBeneficiaryResource(row, lookups)),
          ),
      });
    },
    options,
  );

  registerEndpoint(
    app,
    seasonEndpoints.enrol,
    async ({ params, body, author }) => {
      const result = await enrolFamilies(app.db, params.id, body, author());
      return { message: M.enrolled(result.enrolled), data: result };
    },
    options,
  );

  registerEndpoint(
    app,
    seasonEndpoints.excludeBeneficiary,
    async ({ params, body, author }) => {
      await excludeBeneficiary(app.db, params.id, params.beneficiaryId, body.reason, author());
      const [row] = await beneficiaryRows(
        app.db,
        params.id,
        { filter: {}, beneficiaryId: params.beneficiaryId },
        { order: 'asc' },
      );
      if (!row) throw notFound(M.beneficiaryNotFound);
      return { message: M.excluded, data: toBeneficiaryResource(row, await loadLookups(app.db)) };
    },
    { notFound: { id: M.notFound, beneficiaryId: M.beneficiaryNotFound } },
  );

  registerEndpoint(
    app,
    seasonEndpoints.distributions,
    async ({ params, query }) => {
      await seasonName(params.id);
      const [lookups, { rows, total }] = await Promise.all([
        loadLookups(app.db),
        listDistributions(app.db, params.id, query),
      ]);
      return pageEnvelope(await distributionResources(app.db, rows, lookups), query, total);
    },
    options,
  );

  registerEndpoint(
    app,
    seasonEndpoints.distribute,
    async ({ params, body, author }) => {
      const lookups = await loadLookups(app.db);
      const distributionId = await distribute(app.db, params.id, body, lookups, author());
      const row = orNotFound(await findDistribution(app.db, params.id, distributionId));
      const [data] = await distributionResources(app.db, [row], lookups);
      return { message: M.distributed, data: orNotFound(data) };
    },
    options,
  );

  registerEndpoint(
    app,
    seasonEndpoints.distributionList,
    async ({ params: { id }, query, author }) => {
      const { id: employeeId, meta } = author();
      const row = orNotFound(await loadSeason(app.db, id), M.notFound);
      const lookups = await loadLookups(app.db);
      // Without a status filter: the families still to serve or served (not the excluded ones).
      const filter = {
        ...query.filter,
        status: query.filter.status?.length ? query.filter.status : ['enrolled', 'received'],
      };
      const rows = await beneficiaryRows(
        app.db,
        id,
        { search: query.search, filter },
        { sort: 'location', order: 'asc' },
      );
      await recordActivity(app.db, {
        employeeId,
        action: 'print',
        entityType: 'season',
        entityId: id,
        entityLabel: `كشف توزيع ${row.name} (${countOf(rows.length, 'family')})`,
        changes: {
          filters: [null, loggedFilters({ ...query, filter })],
          rows: [null, rows.length],
        },
        meta,
      });
      return {
        data: {
          season: toSeasonResource(row, lookups),
          generated_at: new Date().toISOString(),
          beneficiaries: rows.map((beneficiary) => toBeneficiaryResource(beneficiary, lookups)),
        },
      };
    },
    options,
  );
};
