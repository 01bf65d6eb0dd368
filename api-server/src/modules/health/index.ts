import type { ApiModule } from '../../http/api-module';
import { healthRoutes } from './routes';

/** GET /health: the process and its database answer. */
export const healthModule: ApiModule = { name: 'health', routes: healthRoutes };
