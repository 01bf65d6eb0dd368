import type { FastifyPluginAsync } from 'fastify';
import { createJobRunner } from './commands/runner';

/**
 * No endpoints: the job runner of this API process, started when the app is ready and stopped
 * before it closes (before its database is closed), so its running job stops at a safe point.
 */
export const jobRunnerRoutes: FastifyPluginAsync = async (app) => {
  const runner = createJobRunner({ db: app.db, files: app.files, log: app.log });
  app.addHook('onReady', async () => {
    runner.start();
  });
  app.addHook('preClose', async () => {
    await runner.stop();
  });
};
