import type { FastifyPluginAsync } from 'fastify';
import {
  familyNeedsKind,
  financialServicesKind,
  medicalKind,
  seminarKind,
  servicesKind,
  surveyKind,
  type RegisteredReportKind,
} from './commands';

/**
 * The report kinds, each in `commands/kinds/<kind>.ts` on `defineReportKind`: its
 * computation, export rows and archives. A new kind is one line here.
 */
export const REPORT_KINDS: readonly RegisteredReportKind[] = [
  // One kind per line.
  familyNeedsKind,
  servicesKind,
  financialServicesKind,
  medicalKind,
  surveyKind,
  seminarKind,
];

/** Thin: each kind registers its report, export and archives (create, list, show, export). */
export const reportsRoutes: FastifyPluginAsync = async (app) => {
  for (const kind of REPORT_KINDS) kind.register(app);
};
