import { z } from 'zod';
import { STORAGE_KEYS } from '../session/storage-keys';
import {
  RUN_ALWAYS,
  familyHeadInputSchema,
  familyMemberInputSchema,
  isRecord,
} from './family-member';
import {
  checkAltPhoneRule,
  checkRentRule,
  checkUniqueNationalIds,
  familyFieldSchemas,
  familySubmitSchema,
} from './family';

/**
 * The family creation wizard (`/families/create`, docs/shell.md#session-and-guard): six steps in
 * order, a zod schema per step (each validates only its own fields), and the draft kept in local
 * storage under `families/create` so a reload restores the wizard and a submit clears it.
 *
 * Stored value (JSON):
 * ```
 * {
 *   "step": 3,                       // current step number, 1-based
 *   "stepsData": [{…}, {…}, null],   // entry i = form values of step i+1 (written at step − 1), null if not yet saved
 *   "currentStepData": { "id": "housing_income", "title": "السكن والدخل", "index": 2 },  // index = step − 1
 *   "familyName": "الشهري",
 *   "savedAt": "2025-03-01T08:00:00.000Z"
 * }
 * ```
 * Each step's data is that step's raw form values (`z.input` of its schema), keyed by the family
 * field names, so merging the steps gives the `familySubmitSchema` body. The draft holds personal
 * data: clear it on submit and on logout.
 */

export const FAMILY_WIZARD_STEPS = [
  { id: 'head', number: 1, title: 'رب الأسرة', fields: ['head'] },
  {
    id: 'contact',
    number: 2,
    title: 'التواصل والعنوان',
    fields: [
      'primary_phone',
      'alt_phone',
      'city',
      'district',
      'address',
      'national_address_short_code',
    ],
  },
  {
    id: 'housing_income',
    number: 3,
    title: 'السكن والدخل',
    fields: ['housing_type', 'housing_ownership', 'monthly_rent', 'income_sources'],
  },
  { id: 'members', number: 4, title: 'أفراد الأسرة', fields: ['members'] },
  {
    id: 'needs_consent',
    number: 5,
    title: 'الفئات والاحتياجات والموافقة',
    fields: [
      'categories',
      'needs',
      'consent_data_processing',
      'consent_share_with_partners',
      'assigned_researcher_id',
      'next_reassessment_date',
      'notes',
    ],
  },
  { id: 'review', number: 6, title: 'المراجعة والإرسال', fields: [] },
] as const;

export type FamilyWizardStep = (typeof FAMILY_WIZARD_STEPS)[number];
export type FamilyWizardStepId = FamilyWizardStep['id'];
export const FAMILY_WIZARD_STEP_COUNT = FAMILY_WIZARD_STEPS.length;
const STEP_IDS = FAMILY_WIZARD_STEPS.map((step) => step.id) as FamilyWizardStepId[];

const fields = z.object(familyFieldSchemas);

/** The members step; pass the head's national ID to also refuse a member with the head's ID. */
export function familyWizardMembersStepSchema(headNationalId?: string | null) {
  return z
    .object({ members: z.array(familyMemberInputSchema).max(40).default([]) })
    .superRefine(
      (value, ctx) =>
        checkUniqueNationalIds(isRecord(value) ? value.members : [], ctx, headNationalId),
      RUN_ALWAYS,
    );
}

/**
 * One schema per step. `review` has no fields of its own: the review step validates the whole
 * draft with `validateWizardForSubmit`.
 */
export const FAMILY_WIZARD_STEP_SCHEMAS = {
  head: z.object({ head: familyHeadInputSchema }),
  contact: fields
    .pick({
      primary_phone: true,
      alt_phone: true,
      city: true,
      district: true,
      address: true,
      national_address_short_code: true,
    })
    .superRefine(checkAltPhoneRule, RUN_ALWAYS),
  housing_income: fields
    .pick({ housing_type: true, housing_ownership: true, monthly_rent: true, income_sources: true })
    .superRefine(checkRentRule, RUN_ALWAYS),
  members: familyWizardMembersStepSchema(),
  needs_consent: fields.pick({
    categories: true,
    needs: true,
    consent_data_processing: true,
    consent_share_with_partners: true,
    assigned_researcher_id: true,
    next_reassessment_date: true,
    notes: true,
  }),
  review: z.object({}),
} as const satisfies Record<FamilyWizardStepId, z.ZodType>;

/** The step at a 1-based number (undefined out of range). */
export function familyWizardStep(step: number): FamilyWizardStep | undefined {
  return FAMILY_WIZARD_STEPS[step - 1];
}

/** Validates one step's form values with its schema. */
export function validateWizardStep(step: number | FamilyWizardStepId, data: unknown) {
  const id = typeof step === 'number' ? familyWizardStep(step)?.id : step;
  if (!id) throw new RangeError(`No wizard step ${String(step)}`);
  return (FAMILY_WIZARD_STEP_SCHEMAS[id] as z.ZodType).safeParse(data);
}

// ---------------------------------------------------------------------------------------------
// Draft (local storage)
// ---------------------------------------------------------------------------------------------

export const familyWizardCurrentStepSchema = z.object({
  id: z.enum(STEP_IDS),
  title: z.string(),
  /** 0-based: index into FAMILY_WIZARD_STEPS and stepsData (= step − 1). */
  index: z
    .number()
    .int()
    .min(0)
    .max(FAMILY_WIZARD_STEP_COUNT - 1),
});
export type FamilyWizardCurrentStep = z.infer<typeof familyWizardCurrentStepSchema>;

/** The stored draft. A draft whose step and currentStepData disagree is refused. */
export const familyWizardDraftSchema = z
  .object({
    /** Current step, 1-based. */
    step: z.number().int().min(1).max(FAMILY_WIZARD_STEP_COUNT),
    /** Entry i = data of step i + 1; null for a step not saved yet. */
    stepsData: z.array(z.unknown()).max(FAMILY_WIZARD_STEP_COUNT),
    currentStepData: familyWizardCurrentStepSchema,
    familyName: z.string(),
    savedAt: z.string(),
  })
  .refine(
    (draft) =>
      draft.currentStepData.index === draft.step - 1 &&
      draft.currentStepData.id === familyWizardStep(draft.step)?.id,
    { error: 'مسودة غير متسقة', path: ['currentStepData'] },
  );
export type FamilyWizardDraft = z.infer<typeof familyWizardDraftSchema>;

function currentStepDataFor(step: number): FamilyWizardCurrentStep {
  const definition = familyWizardStep(step);
  if (!definition || !Number.isInteger(step)) {
    throw new RangeError(`Wizard step must be 1…${FAMILY_WIZARD_STEP_COUNT}, got ${step}`);
  }
  return { id: definition.id, title: definition.title, index: step - 1 };
}

/** A fresh draft at step 1. */
export function createFamilyWizardDraft(now: Date = new Date()): FamilyWizardDraft {
  return {
    step: 1,
    stepsData: [],
    currentStepData: currentStepDataFor(1),
    familyName: '',
    savedAt: now.toISOString(),
  };
}

/** Stores `data` as the current step's data: at index `step − 1` (earlier missing entries become null). */
export function addStepData(draft: FamilyWizardDraft, data: unknown): FamilyWizardDraft {
  const stepsData: unknown[] = Array.from(
    { length: Math.max(draft.stepsData.length, draft.step) },
    (_, i): unknown => draft.stepsData[i] ?? null,
  );
  stepsData[draft.step - 1] = data;
  return { ...draft, stepsData };
}

/** Moves to `step` (1-based): sets `step` and the matching `currentStepData` together. */
export function setCurrentStepData(draft: FamilyWizardDraft, step: number): FamilyWizardDraft {
  return { ...draft, step, currentStepData: currentStepDataFor(step) };
}

export function setFamilyName(draft: FamilyWizardDraft, familyName: string): FamilyWizardDraft {
  return { ...draft, familyName: familyName.trim() };
}

/** The saved data of a step (1-based), or null. */
export function wizardStepData(draft: FamilyWizardDraft, step: number): unknown {
  return draft.stepsData[step - 1] ?? null;
}

/** The family name shown for a draft: the last part of the head's name ("… الشهري" → "الشهري"). */
export function familyNameFromHeadName(fullName: string): string {
  const words = fullName.trim().split(/\s+/);
  return words[words.length - 1] ?? '';
}

/** The steps' data merged into one family body (only each step's own fields are taken). */
export function mergeWizardStepsData(draft: FamilyWizardDraft): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  FAMILY_WIZARD_STEPS.forEach((step, index) => {
    const data = draft.stepsData[index];
    if (!isRecord(data)) return;
    for (const field of step.fields as readonly string[])
      if (field in data) body[field] = data[field];
  });
  return body;
}

/** The review step: the merged draft validated with `familySubmitSchema` (errors carry family field paths). */
export function validateWizardForSubmit(draft: FamilyWizardDraft) {
  return familySubmitSchema.safeParse(mergeWizardStepsData(draft));
}

/** The step (1-based) that owns a field path of `familySubmitSchema`, to send the user back to it. */
export function wizardStepOfField(path: readonly PropertyKey[]): number | null {
  const field = path[0];
  const index = FAMILY_WIZARD_STEPS.findIndex((step) =>
    (step.fields as readonly PropertyKey[]).includes(field as PropertyKey),
  );
  return index === -1 ? null : index + 1;
}

/** Reads the stored draft; anything missing, unparsable or inconsistent gives null. Titles are refreshed. */
export function readWizardDraft(storage: Pick<Storage, 'getItem'>): FamilyWizardDraft | null {
  let raw: string | null;
  try {
    raw = storage.getItem(STORAGE_KEYS.familyWizard);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = familyWizardDraftSchema.safeParse(json);
  if (!parsed.success) return null;
  return { ...parsed.data, currentStepData: currentStepDataFor(parsed.data.step) };
}

/** Stores the draft (stamping `savedAt`). Returns false when storage refuses it (quota, private mode). */
export function writeWizardDraft(
  storage: Pick<Storage, 'setItem'>,
  draft: FamilyWizardDraft,
  now: Date = new Date(),
): boolean {
  try {
    storage.setItem(
      STORAGE_KEYS.familyWizard,
      JSON.stringify({ ...draft, savedAt: now.toISOString() }),
    );
    return true;
  } catch {
    return false;
  }
}

/** Removes the draft (after submit, on cancel, on logout). */
export function clearWizardDraft(storage: Pick<Storage, 'removeItem'>): void {
  try {
    storage.removeItem(STORAGE_KEYS.familyWizard);
  } catch {
    // Storage unavailable: nothing stored either.
  }
}
