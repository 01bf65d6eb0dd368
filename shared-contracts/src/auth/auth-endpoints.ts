import { access, defineEndpoints } from '../core/endpoint';
import { endpointQueryKey } from '../core/call-endpoint';
import {
  currentUserResponseSchema,
  healthResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  profileResponseSchema,
} from './auth';
import { profileUpdateSchema } from './employee';

/**
 * The session calls: the three of docs/shell.md#auth-calls, exactly as written there, and the
 * profile page's PUT /profile. Logout and GET /user are the only calls an inactive employee may
 * make (the session check must be able to say "inactive", and logout must always work).
 */
export const authEndpoints = defineEndpoints('auth', {
  login: {
    method: 'POST',
    path: '/auth/create/sanctum/token',
    body: loginRequestSchema,
    response: loginResponseSchema,
    access: access.public,
    summary: 'تسجيل الدخول وإصدار رمز الوصول',
  },
  logout: {
    method: 'POST',
    path: '/auth/profile/logout',
    response: logoutResponseSchema,
    access: access.authenticated,
    allowInactive: true,
    summary: 'تسجيل الخروج وإبطال رمز الوصول',
  },
  currentUser: {
    method: 'GET',
    path: '/user',
    response: currentUserResponseSchema,
    access: access.authenticated,
    allowInactive: true,
    summary: 'الموظف الحالي وحالة تفعيله',
  },
  updateProfile: {
    method: 'PUT',
    path: '/profile',
    body: profileUpdateSchema,
    response: profileResponseSchema,
    access: access.authenticated,
    summary: 'تعديل الاسم أو كلمة المرور للموظف الحالي',
  },
});

/**
 * The cache entry of the logged-in employee, shared by the host and every remote: the host fills
 * it (with GET /user's answer, `{ data: employee + is_active }`) after login and after each
 * session check, and shared-ui's `useCurrentEmployee` reads it, so inside the host a remote
 * never asks for the employee itself. Derived from the declaration, so both sides name it alike.
 */
export const CURRENT_USER_QUERY_KEY = endpointQueryKey(authEndpoints.currentUser);

/** The API process itself (not under any domain): for the gateway, e2e and monitoring. */
export const systemEndpoints = defineEndpoints('system', {
  health: {
    method: 'GET',
    path: '/health',
    response: healthResponseSchema,
    access: access.public,
    summary: 'حالة الخادم وقاعدة البيانات',
  },
});
