import { access, defineEndpoints, fileResponse } from '../core/endpoint';
import { familyStatusChangeSchema } from './family-status';
import {
  familyCreateSchema,
  familyExportQuerySchema,
  familyListQuerySchema,
  familyListResponseSchema,
  familyRecordResponseSchema,
  familyTimelineQuerySchema,
  familyTimelineResponseSchema,
  familyUpdateSchema,
  familyWriteResponseSchema,
  nationalIdCheckEnvelopeSchema,
  nationalIdCheckQuerySchema,
  phoneCheckEnvelopeSchema,
  phoneCheckQuerySchema,
  similarMembersEnvelopeSchema,
  similarMembersQuerySchema,
} from './family';

/**
 * Families: the register, its export, the creation wizard, the family page (detail, edit, status
 * workflow, timeline) and the duplicate checks the forms run while typing (warnings, except a
 * national ID already active in another family).
 */
export const familyEndpoints = defineEndpoints('families', {
  list: {
    method: 'GET',
    path: '/families',
    query: familyListQuerySchema,
    response: familyListResponseSchema,
    access: access.allOf('show_families'),
    summary: 'قائمة الأسر',
  },
  export: {
    method: 'GET',
    path: '/families/export',
    query: familyExportQuerySchema,
    response: fileResponse,
    // A bulk copy of national IDs and phones: the resource's edit permission too (README "Exports").
    access: access.allOf('show_families', 'edit_families'),
    summary: 'تصدير قائمة الأسر (XLSX أو CSV)',
  },
  create: {
    method: 'POST',
    path: '/families',
    body: familyCreateSchema,
    response: familyWriteResponseSchema,
    status: 201,
    access: access.allOf('create_families'),
    summary: 'تسجيل أسرة (أو حفظها كمسودة)',
  },
  show: {
    method: 'GET',
    path: '/families/:id',
    response: familyRecordResponseSchema,
    access: access.allOf('show_families'),
    summary: 'بيانات أسرة',
  },
  update: {
    method: 'PUT',
    path: '/families/:id',
    body: familyUpdateSchema,
    response: familyWriteResponseSchema,
    access: access.allOf('edit_families'),
    summary: 'تعديل أسرة (بما فيها أفرادها)',
  },
  status: {
    method: 'POST',
    path: '/families/:id/status',
    body: familyStatusChangeSchema,
    response: familyWriteResponseSchema,
    access: access.allOf('edit_families'),
    summary: 'تغيير حالة الأسرة',
  },
  timeline: {
    method: 'GET',
    path: '/families/:id/timeline',
    query: familyTimelineQuerySchema,
    response: familyTimelineResponseSchema,
    access: access.allOf('show_families'),
    summary: 'السجل الزمني للأسرة',
  },
  checkNationalId: {
    method: 'GET',
    path: '/families/checks/national-id',
    query: nationalIdCheckQuerySchema,
    response: nationalIdCheckEnvelopeSchema,
    access: access.anyOf('create_families', 'edit_families'),
    summary: 'التحقق من تكرار رقم الهوية',
  },
  checkPhone: {
    method: 'GET',
    path: '/families/checks/phone',
    query: phoneCheckQuerySchema,
    response: phoneCheckEnvelopeSchema,
    access: access.anyOf('create_families', 'edit_families'),
    summary: 'الأسر التي تستخدم رقم الجوال',
  },
  checkSimilarMembers: {
    method: 'GET',
    path: '/families/checks/similar-members',
    query: similarMembersQuerySchema,
    response: similarMembersEnvelopeSchema,
    access: access.anyOf('create_families', 'edit_families'),
    summary: 'أفراد بأسماء مشابهة وتاريخ الميلاد نفسه',
  },
});
