import { z } from 'zod';
import { employeeSchema, typedPasswordSchema } from '../auth/employee';
import { itemEnvelopeOf } from '../core/envelope';
import { requiredOr } from '../core/arabic-error-map';

export const loginRequestSchema = z.object({
  // No stored email is longer (employeeEmailSchema), and the throttle keys rows by it.
  email: z.email({ error: requiredOr('البريد الإلكتروني غير صالح') }).max(190),
  password: typedPasswordSchema,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * POST /auth/create/sanctum/token (docs/shell.md#auth-calls): `data` holds token and employee, plus
 * `message`.
 */
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

/** POST /auth/profile/logout: only the Arabic confirmation. */
export const logoutResponseSchema = z.object({ message: z.string() });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** PUT /profile: `{ data: employee }`, with the Arabic confirmation as `message`. */
export const profileResponseSchema = itemEnvelopeOf(employeeSchema);
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** GET /health: whether the process and its database answer (503 with `error` when not). */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
