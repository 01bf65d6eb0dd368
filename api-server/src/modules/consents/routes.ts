import type { FastifyPluginAsync } from 'fastify';
import {
  CONSENT_MESSAGES as M,
  consentEndpoints,
} from 'shared-contracts/resources/consents-contracts';
import { registerEndpoint } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { recordConsent, withdrawConsent } from './commands';
import { familyExists, listFamilyConsents, loadConsent } from './repository';

/** Thin: each declared endpoint, its answer from the repository and the commands. */
export const consentRoutes: FastifyPluginAsync = async (app) => {
  const load = async (id: number) => {
    const consent = await loadConsent(app.db, id);
    if (!consent) throw notFound(M.notFound);
    return consent;
  };

  registerEndpoint(app, consentEndpoints.familyList, async ({ params }) => {
    if (!(await familyExists(app.db, params.id))) throw notFound(M.familyNotFound);
    const consents = await listFamilyConsents(app.db, params.id);
    return {
      data: {
        consents,
        shares_with_partners: consents.some(
          (consent) => consent.purpose === 'partner_sharing' && consent.withdrawal === null,
        ),
      },
    };
  });

  registerEndpoint(app, consentEndpoints.record, async ({ params, body, author, reply }) => {
    const id = await recordConsent(app.db, params.id, body, author());
    reply.status(201);
    return { message: M.recorded, data: await load(id) };
  });

  registerEndpoint(app, consentEndpoints.withdraw, async ({ params, body, author }) => {
    if (!(await withdrawConsent(app.db, params.id, body, author()))) throw notFound(M.notFound);
    return { message: M.withdrawn, data: await load(params.id) };
  });
};
