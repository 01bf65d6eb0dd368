import type { ApiModule } from '../../http/api-module';
import { benchRoutes } from './routes';

/** GET /bench/noop, only with `benchRoute: true` (scripts/bench-user.ts). */
export const benchModule: ApiModule = {
  name: 'bench',
  routes: benchRoutes,
  enabled: (config) => config.benchRoute === true,
};
