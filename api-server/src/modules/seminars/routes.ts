import type { FastifyPluginAsync } from 'fastify';
import {
  AUDIENCE_EXPORT_COLUMNS,
  AUDIENCE_MESSAGES as AUDIENCE,
  AUDIENCE_SIGN_IN_COLUMNS,
  ATTENDANCE_VALUES,
  AUDIENCE_STATES,
  SEMINAR_MESSAGES as M,
  SEMINAR_TYPE_MESSAGES as TYPE,
  seminarAudienceEndpoints,
  seminarEndpoints,
  seminarTypeEndpoints,
  type Audience,
} from 'shared-contracts/engagement';
import { formatPhoneForExport, todayIso } from 'shared-contracts';
import { labelOf } from 'shared-contracts/beneficiaries';
import { registerEndpoint } from '../../http/endpoint';
import { orNotFound, unprocessable } from '../../http/errors';
import { sendExport, type ExportValue } from '../../http/export';
import { pageEnvelope } from '../../http/pagination';
import { registerRecordEndpoints } from '../../http/record-endpoints';
import { recordExport } from '../activity-log';
import {
  changeSeminarStatus,
  createSeminar,
  markAttendance,
  registerAudience,
  removeAudience,
  updateSeminar,
} from './commands';
import {
  attendedSeminars,
  audienceCandidates,
  createSeminarType,
  deleteSeminarType,
  listSeminarTypes,
  listSeminars,
  loadAudience,
  loadSeminar,
  loadSeminarType,
  seminarOptions,
  updateSeminarType,
} from './repository';

/** `from` after `to`: a 422 on the field, as the list page shows it. */
function checkDateRange(query: {
  filter: { from?: string | undefined; to?: string | undefined };
}): void {
  const { from, to } = query.filter;
  if (from && to && from > to) throw unprocessable({ 'filter.to': [M.dateRange] });
}

/** The rows of an audience export: everyone (list) or the registered people with a blank signature (sign-in sheet). */
async function* exportRows(
  audience: Audience,
  sheet: 'list' | 'sign_in',
): AsyncGenerator<Record<string, ExportValue>> {
  const entries =
    sheet === 'sign_in'
      ? audience.entries.filter((entry) => entry.state === 'registered')
      : audience.entries;
  let number = 0;
  for (const entry of entries) {
    number += 1;
    yield {
      number,
      name: entry.name,
      kind: entry.kind === 'member' ? 'فرد أسرة' : 'ضيف',
      file_number: entry.family?.file_number ?? null,
      national_id: entry.national_id,
      phone: entry.phone ? formatPhoneForExport(entry.phone) : null,
      state: labelOf(AUDIENCE_STATES, entry.state),
      waiting_position: entry.waiting_position,
      attendance: entry.attendance ? labelOf(ATTENDANCE_VALUES, entry.attendance) : null,
      promoted: entry.promoted_at ? 'نعم' : null,
      override_note: entry.override_note,
      signature: '',
    };
  }
}

/** Thin: each declared endpoint, its answer from the repository and the commands (seminars and their audience). */
export const seminarRoutes: FastifyPluginAsync = async (app) => {
  registerRecordEndpoints(app, seminarTypeEndpoints, TYPE, {
    list: listSeminarTypes,
    load: loadSeminarType,
    create: createSeminarType,
    update: updateSeminarType,
    remove: deleteSeminarType,
  });

  const seminars = registerRecordEndpoints(app, seminarEndpoints, M, {
    list: (db, query) => {
      checkDateRange(query);
      return listSeminars(db, query);
    },
    load: loadSeminar,
    create: createSeminar,
    update: updateSeminar,
  });
  seminars.action('status', changeSeminarStatus, M.statusChanged);
  registerEndpoint(app, seminarEndpoints.options, async () => ({
    data: await seminarOptions(app.db),
  }));
  const { options } = seminars;

  // Audience
  const audience = async (id: number) => orNotFound(await loadAudience(app.db, id), M.notFound);
  const entryOf = (answer: Audience, entryId: number | null) =>
    answer.entries.find((entry) => entry.id === entryId) ?? null;
  // The entry inside `data`, as every answer's envelope; beside it too for one release (the
  // earlier answer's field, see audienceChangeResponseSchema).
  const changeAnswer = (message: string, answer: Audience, entryId: number | null) => {
    const entry = entryOf(answer, entryId);
    return { message, data: { ...answer, entry }, entry };
  };
  registerEndpoint(app, seminarAudienceEndpoints.attended, async ({ query }) => ({
    data: await attendedSeminars(app.db, query.family_id),
  }));
  registerEndpoint(
    app,
    seminarAudienceEndpoints.list,
    async ({ params }) => ({ data: await audience(params.id) }),
    options,
  );
  registerEndpoint(
    app,
    seminarAudienceEndpoints.candidates,
    async ({ params, query }) => {
      const found = orNotFound(await audienceCandidates(app.db, params.id, query), M.notFound);
      return pageEnvelope(found.rows, query, found.total);
    },
    options,
  );
  registerEndpoint(
    app,
    seminarAudienceEndpoints.register,
    async ({ params, body, author }) => {
      const { id, state } = await registerAudience(app.db, params.id, body, author());
      const answer = await audience(params.id);
      return changeAnswer(
        state === 'registered' ? AUDIENCE.registered : AUDIENCE.waiting,
        answer,
        id,
      );
    },
    options,
  );
  registerEndpoint(
    app,
    seminarAudienceEndpoints.attendance,
    async ({ params, body, author }) => {
      await markAttendance(app.db, params.id, params.entryId, body.attendance, author());
      const answer = await audience(params.id);
      return changeAnswer(AUDIENCE.attendanceSaved, answer, params.entryId);
    },
    options,
  );
  registerEndpoint(
    app,
    seminarAudienceEndpoints.remove,
    async ({ params, author }) => {
      const promoted = await removeAudience(app.db, params.id, params.entryId, author());
      const answer = await audience(params.id);
      return changeAnswer(AUDIENCE.removed, answer, promoted);
    },
    options,
  );
  registerEndpoint(
    app,
    seminarAudienceEndpoints.export,
    async ({ params, query, author, reply }) => {
      const answer = await audience(params.id);
      const signIn = query.sheet === 'sign_in';
      const rows = signIn ? answer.counts.registered : answer.entries.length;
      await recordExport(app.db, author(), {
        entityType: 'seminar',
        entityId: params.id,
        entityLabel: `${signIn ? 'كشف التوقيع' : 'كشف الجمهور'}: ${answer.seminar.title}`,
        query: { filter: { sheet: query.sheet }, format: query.format },
        rows,
      });
      const today = todayIso();
      return sendExport(reply, query.format, {
        fileName: `seminar-${params.id}-${signIn ? 'sign-in' : 'audience'}-${today}`,
        fileNameAr: `${signIn ? 'كشف-توقيع' : 'جمهور'}-ندوة-${params.id}-${today}`,
        sheetTitle: signIn ? 'كشف التوقيع' : 'جمهور الندوة',
        columns: signIn ? AUDIENCE_SIGN_IN_COLUMNS : AUDIENCE_EXPORT_COLUMNS,
        rows: () => exportRows(answer, signIn ? 'sign_in' : 'list'),
      });
    },
    options,
  );
};
