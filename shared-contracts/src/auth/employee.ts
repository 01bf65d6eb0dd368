import { z } from 'zod';
import { PERMISSION_KEYS } from '../permissions';
import { requiredOr } from '../core/arabic-error-map';
import { nameTextSchema } from '../core/values';
import { countOf } from '../core/plural';

export const permissionKeySchema = z.enum(PERMISSION_KEYS);

export const roleItemSchema = z.object({
  slug: z.string().optional(),
  name: z.string().optional(),
});

/** The employee as the API returns it and the host stores it (docs/shell.md#the-employee). */
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
/** A name as staff read it everywhere: no invisible controls that reorder or hide letters. */
export const employeeNameSchema = nameTextSchema(120, 2);
export const employeeEmailSchema = z
  .email({ error: requiredOr('البريد الإلكتروني غير صالح') })
  .max(190);
/** Passwords are 8 to 128 characters wherever one is set or typed (argon2 needs no more). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MESSAGES = {
  tooLong: `كلمة المرور يجب ألا تزيد على ${countOf(PASSWORD_MAX_LENGTH, 'character', { case: 'oblique' })}`,
  /** The form hint beside a new password. */
  lengthHint: `من ${PASSWORD_MIN_LENGTH} إلى ${countOf(PASSWORD_MAX_LENGTH, 'character', { case: 'oblique' })}`,
} as const;
export const employeePasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong });
/**
 * A password typed to prove who one is (login, the current password on /profile): an empty one
 * is "required"; otherwise the same bounds as a new password, so no request makes the server
 * hash more than 128 characters.
 */
export const typedPasswordSchema = z
  .string()
  .min(1, { abort: true })
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong });

/** /profile: an employee changes their own name and password. */
export const profileUpdateSchema = z
  .object({
    name: employeeNameSchema.optional(),
    current_password: typedPasswordSchema.optional(),
    password: employeePasswordSchema.optional(),
    password_confirmation: z.string().optional(),
  })
  .refine((value) => value.password === undefined || value.current_password !== undefined, {
    message: 'أدخل كلمة المرور الحالية',
    path: ['current_password'],
  })
  .refine(
    (value) => value.password === undefined || value.password === value.password_confirmation,
    {
      message: 'كلمتا المرور غير متطابقتين',
      path: ['password_confirmation'],
    },
  );
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
