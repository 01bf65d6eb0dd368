import type { FastifyPluginAsync } from 'fastify';
import { __CONST___MESSAGES, __SCAMEL__Endpoints } from 'shared-contracts/resources/__NAME__-contracts';
import type { ApiModule } from '../../http/api-module';
import { registerRecordEndpoints } from '../../http/record-endpoints';
import {
  __SCAMEL__Commands,
  __SCAMEL__Reads,
  __CAMEL__Migration,
} from './repository';

/**
 * __TITLE__: the module's only door. Its routes are thin (the declaration parses, checks access
 * and answers; the repository reads and writes), so they stay here until they grow a `routes.ts`.
 */
const __CAMEL__Routes: FastifyPluginAsync = async (app) => {
  registerRecordEndpoints(app, __SCAMEL__Endpoints, __CONST___MESSAGES, {
    list: __SCAMEL__Reads.list,
    load: __SCAMEL__Reads.load,
    create: __SCAMEL__Commands.create,
    update: __SCAMEL__Commands.update,
    remove: __SCAMEL__Commands.remove,
  });
};

export const __CAMEL__Module: ApiModule = {
  name: '__NAME__',
  routes: __CAMEL__Routes,
  endpoints: [__SCAMEL__Endpoints],
  migrations: [__CAMEL__Migration],
};
