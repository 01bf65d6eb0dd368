import { z } from 'zod';
import { isVisibleText } from '../core/text';
import { VISIBLE_TEXT } from '../core/values';
import {
  employeeEmailSchema,
  employeeNameSchema,
  employeePasswordSchema,
  permissionKeySchema,
} from '../auth/employee';

const groupIdsSchema = z
  .array(z.number().int().min(1).max(2_147_483_647))
  .max(50)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/** POST /employees: a new employee account, its role and permission keys. */
export const employeeCreateSchema = z.object({
  name: employeeNameSchema,
  email: employeeEmailSchema,
  password: employeePasswordSchema,
  active: z.boolean().default(true),
  role: z.string().trim().max(60).refine(isVisibleText, VISIBLE_TEXT).nullable().optional(),
  permissions: z.array(permissionKeySchema).default([]),
  /** The permission groups the employee belongs to (their keys join the individual ones). */
  group_ids: groupIdsSchema.default([]),
});
export type EmployeeCreateInput = z.input<typeof employeeCreateSchema>;

/** PUT /employees/{id}: any of the fields; a password given replaces the old one. */
export const employeeUpdateSchema = z.object({
  name: employeeNameSchema.optional(),
  email: employeeEmailSchema.optional(),
  password: employeePasswordSchema.optional(),
  active: z.boolean().optional(),
  role: z.string().trim().max(60).refine(isVisibleText, VISIBLE_TEXT).nullable().optional(),
  permissions: z.array(permissionKeySchema).optional(),
  group_ids: groupIdsSchema.optional(),
});
export type EmployeeUpdateInput = z.input<typeof employeeUpdateSchema>;
