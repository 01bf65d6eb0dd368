import { z } from 'zod';
import { PERMISSION_KEYS } from '../permissions';

export const permissionKeySchema = z.enum(PERMISSION_KEYS);

export const roleItemSchema = z.object({
  slug: z.string().optional(),
  name: z.string().optional(),
});

/** The employee as the API returns it and the host stores it (spec §3). */
export const employeeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  permissions: z.array(z.string()),
  role: z.string().nullable().optional(),
  roles: z.array(roleItemSchema).optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  last_login_at: z.string().nullable().optional(),
});
export type Employee = z.infer<typeof employeeSchema>;

/** An employee's name, email and password, as the profile and the employees forms take them. */
export const employeeNameSchema = z.string().trim().min(2).max(120);
export const employeeEmailSchema = z.email({ error: 'البريد الإلكتروني غير صالح' }).max(190);
export const employeePasswordSchema = z.string().min(8).max(200);

/** /profile: an employee changes their own name and password. */
export const profileUpdateSchema = z
  .object({
    name: employeeNameSchema.optional(),
    current_password: z.string().min(1).optional(),
    password: employeePasswordSchema.optional(),
    password_confirmation: z.string().optional(),
  })
  .refine((value) => value.password === undefined || value.current_password !== undefined, {
    message: 'أدخل كلمة المرور الحالية',
    path: ['current_password'],
  })
  .refine((value) => value.password === undefined || value.password === value.password_confirmation, {
    message: 'كلمتا المرور غير متطابقتين',
    path: ['password_confirmation'],
  });
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
