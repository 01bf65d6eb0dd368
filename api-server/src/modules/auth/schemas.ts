/** The request and response schemas are the declaration's (`authEndpoints`, shared-contracts). */
export const AUTH_MESSAGES = {
  loggedIn: 'تم تسجيل الدخول بنجاح',
  badCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  suspended: 'هذا الحساب موقوف، يرجى مراجعة مدير النظام',
  loggedOut: 'تم تسجيل الخروج بنجاح',
  profileUpdated: 'تم تحديث الملف الشخصي بنجاح',
  wrongCurrentPassword: 'كلمة المرور الحالية غير صحيحة',
} as const;
