import { z } from 'zod';
import { employeeSchema } from './employee';

export const loginRequestSchema = z.object({
  email: z.email({ error: 'البريد الإلكتروني غير صالح' }),
  password: z.string().min(1),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST /auth/create/sanctum/token (spec §7): `data` holds token and employee, plus `message`. */
export const loginResponseSchema = z.object({
  message: z.string().optional(),
  data: z.object({ token: z.string().min(1), employee: employeeSchema }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /user: the session check reads `is_active`. */
export const currentUserResponseSchema = z.object({
  data: employeeSchema.extend({ is_active: z.boolean() }),
});
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;
