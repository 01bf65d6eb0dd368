import type { FastifyPluginAsync } from 'fastify';
import { countOf } from 'shared-contracts';
import {
  BULK_MESSAGES,
  bulkActionEndpoints,
  bulkSummary,
} from 'shared-contracts/resources/bulk-actions-contracts';
import { registerEndpoint } from '../../http/endpoint';
import {
  showBulkAction,
  startAnonymiseBulk,
  startFamilyBulk,
  startSeasonBeneficiaryBulk,
  startServiceBulk,
  type BulkAnswer,
} from './commands';

/** Thin: the bulk endpoints and the job's progress (docs/bulk-actions.md). */
export const bulkActionRoutes: FastifyPluginAsync = async (app) => {
  const log = (error: unknown) => app.log.error({ err: error }, 'bulk action item failed');
  const answer = (
    result: BulkAnswer,
    noun: 'family' | 'service',
    reply: { code: (status: number) => unknown },
  ) => {
    if (result.queued) {
      reply.code(202);
      return {
        message: `${BULK_MESSAGES.started} (${countOf(result.job.total, noun)})`,
        data: result.job,
      };
    }
    return { message: bulkSummary(result.result, noun), data: result.result };
  };

  registerEndpoint(app, bulkActionEndpoints.families, async ({ body, auth, author, reply }) =>
    answer(
      await startFamilyBulk(app.db, body, { employee: auth().employee, author: author() }, log),
      'family',
      reply,
    ),
  );

  registerEndpoint(app, bulkActionEndpoints.services, async ({ body, auth, author, reply }) =>
    answer(
      await startServiceBulk(app.db, body, { employee: auth().employee, author: author() }, log),
      'service',
      reply,
    ),
  );

  registerEndpoint(
    app,
    bulkActionEndpoints.seasonBeneficiaries,
    async ({ params, body, auth, author, reply }) =>
      answer(
        await startSeasonBeneficiaryBulk(
          app.db,
          params.id,
          body,
          { employee: auth().employee, author: author() },
          log,
        ),
        'family',
        reply,
      ),
  );

  registerEndpoint(app, bulkActionEndpoints.anonymise, async ({ body, auth, author, reply }) =>
    answer(
      await startAnonymiseBulk(
        app.db,
        app.files,
        body,
        { employee: auth().employee, author: author() },
        log,
      ),
      'family',
      reply,
    ),
  );

  registerEndpoint(app, bulkActionEndpoints.show, async ({ params, auth }) => ({
    data: await showBulkAction(app.db, params.id, auth().employee.id),
  }));
};
