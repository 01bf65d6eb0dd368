import { access, defineEndpoints, fileResponse } from '../core/endpoint';
import {
  familyMemberExportQuerySchema,
  familyMemberListQuerySchema,
  familyMemberListResponseSchema,
  memberMoveResponseSchema,
  memberMoveSchema,
} from './family-member';

/**
 * Family members across families: the members register, its export, and moving a member to
 * another family (the member's id changes: the answer gives both).
 */
export const memberEndpoints = defineEndpoints('family-members', {
  list: {
    method: 'GET',
    path: '/family-members',
    query: familyMemberListQuerySchema,
    response: familyMemberListResponseSchema,
    access: access.allOf('show_families'),
    summary: 'أفراد الأسر',
  },
  export: {
    method: 'GET',
    path: '/family-members/export',
    query: familyMemberExportQuerySchema,
    response: fileResponse,
    // A bulk copy of national IDs and phones: the resource's edit permission too (README "Exports").
    access: access.allOf('show_families', 'edit_families'),
    summary: 'تصدير أفراد الأسر (XLSX أو CSV)',
  },
  move: {
    method: 'POST',
    path: '/family-members/:id/move',
    body: memberMoveSchema,
    response: memberMoveResponseSchema,
    access: access.allOf('edit_families'),
    summary: 'نقل فرد إلى أسرة أخرى',
  },
});
