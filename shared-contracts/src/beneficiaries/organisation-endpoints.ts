import { access, defineEndpoints } from '../core/endpoint';
import {
  organisationInputSchema,
  organisationListQuerySchema,
  organisationListResponseSchema,
  organisationResponseSchema,
} from './organisation';

/** Organisations (donors, partners, government bodies, suppliers) and their agreements. */
export const organisationEndpoints = defineEndpoints('orgs', {
  list: {
    method: 'GET',
    path: '/orgs',
    query: organisationListQuerySchema,
    response: organisationListResponseSchema,
    access: access.allOf('show_orgs'),
    summary: 'قائمة الجهات',
  },
  show: {
    method: 'GET',
    path: '/orgs/:id',
    response: organisationResponseSchema,
    access: access.allOf('show_orgs'),
    summary: 'بيانات جهة',
  },
  create: {
    method: 'POST',
    path: '/orgs',
    body: organisationInputSchema,
    response: organisationResponseSchema,
    status: 201,
    access: access.allOf('create_orgs'),
    summary: 'إضافة جهة',
  },
  update: {
    method: 'PUT',
    path: '/orgs/:id',
    body: organisationInputSchema,
    response: organisationResponseSchema,
    access: access.allOf('edit_orgs'),
    summary: 'تعديل جهة',
  },
});
