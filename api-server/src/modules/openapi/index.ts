import type { ApiModule } from '../../http/api-module';
import { openApiRoutes } from './routes';

/** GET /openapi.json, built from every route's declaration (list it last: it reads them all). */
export const openApiModule: ApiModule = { name: 'openapi', routes: openApiRoutes };
