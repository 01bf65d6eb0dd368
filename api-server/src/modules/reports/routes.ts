import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  REPORT_MESSAGES,
  reportArchiveExportQuerySchema,
  type ReportArchiveItem,
} from 'shared-contracts/reports';
import { z } from 'zod';
import type { CallerAccount } from '../../http/access-control';
import { registerEndpoint } from '../../http/endpoint';
import { sendExport } from '../../http/export';
import { pageEnvelope, pageWindow } from '../../http/pagination';
import {
  archiveReport,
  exportArchive,
  exportReport,
  familyNeedsKind,
  financialServicesKind,
  medicalKind,
  seminarKind,
  servicesKind,
  showArchive,
  showReport,
  surveyKind,
  type ListedReportKind,
  type ReportAnswer,
  type ReportFilters,
  type ReportKindDefinition,
  type ReportViewer,
} from './commands';
import { listArchives } from './repository';

/**
 * The report kinds, each in `commands/kinds/<kind>.ts` on `defineReportKind`: its
 * computation, export rows and archives. A new kind is one line here.
 */
export const REPORT_KINDS: readonly ListedReportKind[] = [
  // One kind per line.
  familyNeedsKind,
  servicesKind,
  financialServicesKind,
  medicalKind,
  surveyKind,
  seminarKind,
];

/** The archive body's title, beside the kind's filters (already checked by the body's schema). */
const archiveTitleSchema = z.object({ title: z.string().nullish() });

function viewerOf(account: CallerAccount): ReportViewer {
  return { id: account.id, role: account.role, permissions: account.permissions };
}

/**
 * A kind's six endpoints: its report, export and archives (create, list, show, export). The
 * query and body arrive parsed by the kind's declarations and are read through its filters.
 */
function registerReportKind<F extends ReportFilters, R extends ReportAnswer>(
  app: FastifyInstance,
  kind: ReportKindDefinition<F, R>,
): void {
  const endpoints = kind.endpoints;

  registerEndpoint(app, endpoints.show, async ({ query, auth, author }) => {
    const viewer = viewerOf(auth().employee);
    const filters = kind.filters.parse(query);
    // The answer's schema is the kind's report schema (checked by registerEndpoint).
    return { data: await showReport(app.db, kind, filters, viewer, author()) };
  });

  registerEndpoint(app, endpoints.export, async ({ query, auth, author, reply }) => {
    const { format } = reportArchiveExportQuerySchema.parse(query);
    const filters = kind.filters.parse(query);
    const viewer = viewerOf(auth().employee);
    const plan = await exportReport(app.db, kind, filters, format, viewer, author());
    return sendExport(reply, format, plan);
  });

  registerEndpoint(app, endpoints.archive, async ({ body, auth, author }) => {
    const { title } = archiveTitleSchema.parse(body);
    const filters = kind.filters.parse(body);
    const viewer = viewerOf(auth().employee);
    const archive = await archiveReport(app.db, kind, filters, title, viewer, author());
    return { message: REPORT_MESSAGES.created, data: archive };
  });

  registerEndpoint(app, endpoints.archives, async ({ query }) => {
    const order = query.sort === 'created_at' ? query.order : 'desc';
    const { rows, total } = await listArchives(app.db, kind.kind, query.filter, {
      ...pageWindow(query),
      order,
    });
    return pageEnvelope<ReportArchiveItem>(rows, query, total);
  });

  registerEndpoint(
    app,
    endpoints.archiveShow,
    async ({ params, auth, author }) => {
      const viewer = viewerOf(auth().employee);
      return { data: await showArchive(app.db, kind, params.id, viewer, author()) };
    },
    { notFound: REPORT_MESSAGES.notFound },
  );

  registerEndpoint(
    app,
    endpoints.archiveExport,
    async ({ params, query, auth, author, reply }) => {
      const viewer = viewerOf(auth().employee);
      const plan = await exportArchive(app.db, kind, params.id, query.format, viewer, author());
      return sendExport(reply, query.format, plan);
    },
    { notFound: REPORT_MESSAGES.notFound },
  );
}

/** Thin: every kind's six endpoints, parsed here and answered by the kind's commands. */
export const reportsRoutes: FastifyPluginAsync = async (app) => {
  for (const kind of REPORT_KINDS) kind.use((typed) => registerReportKind(app, typed));
};
