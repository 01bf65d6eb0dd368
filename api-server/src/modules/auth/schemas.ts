import { z } from 'zod';
import { currentUserResponseSchema, employeeSchema, loginRequestSchema, loginResponseSchema, profileUpdateSchema } from 'shared-contracts';

/** The forms' schemas from shared-contracts; local only what the front end never sends. */
export { currentUserResponseSchema, loginRequestSchema, loginResponseSchema, profileUpdateSchema };

export const messageSchema = z.object({ message: z.string() });
export const profileResponseSchema = z.object({ message: z.string(), data: employeeSchema });

export const AUTH_MESSAGES = {
  loggedIn: 'تم تسجيل الدخول بنجاح',
  badCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  suspended: 'هذا الحساب موقوف، يرجى مراجعة مدير النظام',
  loggedOut: 'تم تسجيل الخروج بنجاح',
  profileUpdated: 'تم تحديث الملف الشخصي بنجاح',
  wrongCurrentPassword: 'كلمة المرور الحالية غير صحيحة',
} as const;
