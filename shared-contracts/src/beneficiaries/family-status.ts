import { z } from 'zod';
import {
  REASON_REQUIRED_MESSAGE,
  hasReason,
  personRefSchema,
  reasonTextSchema,
  timestampSchema,
} from '../core/values';
import type { LookupItem } from './lookups';

/**
 * The family workflow:
 *
 *   draft ──► pending_review ──► approved ⇄ suspended
 *                 ▲    │
 *                 │    └──► rejected ──► pending_review (resubmission)
 *   any non-archived status ──► archived (terminal)
 *
 * Reject, suspend and archive need a reason (≥ 3 characters).
 */

export const FAMILY_STATUSES = [
  { code: 'draft', label: 'مسودة' },
  { code: 'pending_review', label: 'قيد المراجعة' },
  { code: 'approved', label: 'معتمدة' },
  { code: 'rejected', label: 'مرفوضة' },
  { code: 'suspended', label: 'موقوفة' },
  { code: 'archived', label: 'مؤرشفة' },
] as const satisfies readonly LookupItem[];
export type FamilyStatus = (typeof FAMILY_STATUSES)[number]['code'];
export const FAMILY_STATUS_CODES = FAMILY_STATUSES.map((status) => status.code) as FamilyStatus[];
export const familyStatusSchema = z.enum(FAMILY_STATUS_CODES);

/** The statuses each status may move to. `archived` is terminal. */
export const FAMILY_STATUS_TRANSITIONS: Readonly<Record<FamilyStatus, readonly FamilyStatus[]>> = {
  draft: ['pending_review', 'archived'],
  pending_review: ['approved', 'rejected', 'archived'],
  approved: ['suspended', 'archived'],
  rejected: ['pending_review', 'archived'],
  suspended: ['approved', 'archived'],
  archived: [],
};

/** Moving INTO these statuses requires a reason. */
export const REASON_REQUIRED_STATUSES: readonly FamilyStatus[] = [
  'rejected',
  'suspended',
  'archived',
];

/** The statuses in which a family counts as active (its members hold their national IDs). */
export const ACTIVE_FAMILY_STATUSES: readonly FamilyStatus[] = [
  'draft',
  'pending_review',
  'approved',
  'suspended',
  'rejected',
];

/** Arabic verbs for the action buttons that move a family into each status. */
export const FAMILY_STATUS_ACTION_LABELS: Readonly<Record<FamilyStatus, string>> = {
  draft: 'حفظ كمسودة',
  pending_review: 'إرسال للمراجعة',
  approved: 'اعتماد',
  rejected: 'رفض',
  suspended: 'إيقاف',
  archived: 'أرشفة',
};

export function canTransition(from: FamilyStatus, to: FamilyStatus): boolean {
  return FAMILY_STATUS_TRANSITIONS[from].includes(to);
}

/** The statuses a family in `from` may move to (for the action buttons). */
export function nextFamilyStatuses(from: FamilyStatus): readonly FamilyStatus[] {
  return FAMILY_STATUS_TRANSITIONS[from];
}

export function requiresReason(to: FamilyStatus): boolean {
  return REASON_REQUIRED_STATUSES.includes(to);
}

export function familyStatusLabel(status: FamilyStatus): string {
  return FAMILY_STATUSES.find((item) => item.code === status)?.label ?? status;
}

/** The Arabic message for a refused transition (the API answers 409 with it). */
export function familyTransitionError(from: FamilyStatus, to: FamilyStatus): string | null {
  if (canTransition(from, to)) return null;
  return `لا يمكن نقل الأسرة من حالة «${familyStatusLabel(from)}» إلى حالة «${familyStatusLabel(to)}»`;
}

/**
 * Body of `POST /families/{id}/status`: the target status and the reason. The schema checks the
 * reason; the transition itself depends on the current status (`familyTransitionError`).
 * Moving to `pending_review` also requires the stored family to pass `familySubmitSchema`.
 */
export const familyStatusChangeSchema = z
  .object({
    status: familyStatusSchema,
    reason: reasonTextSchema.nullish(),
  })
  .refine((value) => !requiresReason(value.status) || hasReason(value.reason), {
    error: REASON_REQUIRED_MESSAGE,
    path: ['reason'],
  });
export type FamilyStatusChangeInput = z.input<typeof familyStatusChangeSchema>;
export type FamilyStatusChange = z.output<typeof familyStatusChangeSchema>;

/** One row of a family's status history; `from` is null for the creation row. */
export const familyStatusHistoryEntrySchema = z.object({
  from: familyStatusSchema.nullable(),
  to: familyStatusSchema,
  reason: z.string().nullable(),
  at: timestampSchema,
  by: personRefSchema.nullable(),
});
export type FamilyStatusHistoryEntry = z.infer<typeof familyStatusHistoryEntrySchema>;
