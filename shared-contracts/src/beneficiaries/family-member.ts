import { z } from 'zod';
import { isCleanName, isVisibleText, normaliseArabic } from '../core/text';
import { defineFieldVisibility } from '../core/field-visibility';
import {
  REASON_REQUIRED_MESSAGE,
  ISO_DATE_SHAPE,
  CLEAN_NAME,
  VISIBLE_TEXT,
  VISIBLE_TEXT_FIRST,
  asIsoDate,
  enumInputSchema,
  entityIdSchema,
  isoDateSchema,
  lookupCodeSchema,
  lookupRefSchema,
  moneyInputSchema,
  moneyResponseSchema,
  optionalInput,
  personRefSchema,
  nameTextSchema,
  textSchema,
  timestampSchema,
  todayIso,
  type ExportColumn,
} from '../core/values';
import { familyStatusSchema } from './family-status';
import {
  codesFilter,
  defineListQuery,
  exportQueryOf,
  idFilter,
  integerFilter,
} from '../core/list-query';
import { listEnvelopeOf } from '../core/envelope';
import {
  GENDERS,
  ID_TYPES,
  RELATIONSHIPS,
  RELATIONSHIP_GENDER,
  codesOf,
  type Gender,
  type Relationship,
} from './lookups';
import { saudiMobileSchema } from '../core/identifiers/phone';
import { saudiIdKind, saudiIdSchema } from '../core/identifiers/saudi-id';

/**
 * Family members: input schemas for the head and the other members, the member
 * response, the members list query, moving a member to another family, age and name matching.
 */

export const MEMBER_MESSAGES = {
  nameTooShort: 'أدخل الاسم الثنائي على الأقل، ويفضّل الاسم الرباعي',
  nameHasDigits: 'الاسم يجب ألا يحتوي على أرقام',
  birthDateInFuture: 'تاريخ الميلاد لا يمكن أن يكون في المستقبل',
  birthDateTooOld: 'تاريخ الميلاد غير منطقي',
  pregnancyFemaleOnly: 'الحمل والرضاعة لا ينطبقان إلا على الإناث',
  relationshipGenderMismatch: 'صلة القرابة لا تتوافق مع الجنس',
  idTypeMismatch: 'نوع الهوية لا يتوافق مع رقم الهوية (1 للهوية الوطنية، 2 للإقامة)',
  secondHead: 'للأسرة رب أسرة واحد فقط، اختر صلة قرابة أخرى',
} as const;

/** The earliest birth date accepted (sanity bound). */
export const MIN_BIRTH_DATE = '1900-01-01';

const CONNECTOR_WORDS = new Set(['بن', 'بنت', 'ابن']);
const COMPOUND_PREFIXES = new Set(['عبد', 'ابو']);

/**
 * The parts of a person's name, Arabic-normalised: "بن/بنت" dropped and "عبد الله" / "أبو بكر"
 * joined into one part the way they are often written ("عبدالله").
 * `nameParts('محمد بن عبد الله الشهري')` → ['محمد', 'عبدالله', 'الشهري'].
 */
export function nameParts(name: string): string[] {
  const words = normaliseArabic(name)
    .split(' ')
    .filter((word) => word !== '' && !CONNECTOR_WORDS.has(word));
  const parts: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] as string;
    const next = words[i + 1];
    if (COMPOUND_PREFIXES.has(word) && next !== undefined) {
      parts.push(`${word}${next}`);
      i += 1;
    } else parts.push(word);
  }
  return parts;
}

/** True for the encouraged four-part name (name, father, grandfather, family). The UI shows a hint otherwise. */
export function isFourPartName(name: string): boolean {
  return nameParts(name).length >= 4;
}

function isSubsequence(short: readonly string[], long: readonly string[]): boolean {
  let j = 0;
  for (const part of long) if (part === short[j]) j += 1;
  return j === short.length;
}

/**
 * True when two names probably belong to the same person (the "similar name + same birth date"
 * warning; never a block): equal once Arabic-normalised, or — with at least two parts each —
 * same first and last part and the shorter name's parts appear in order in the longer one
 * ("محمد أحمد الشهري" ~ "محمّد بن أحمد علي الشهري").
 */
export function namesLookAlike(a: string, b: string): boolean {
  return lookAlikeTo(a)(b);
}

/**
 * `namesLookAlike(name, ·)` with `name` split once: the duplicate check compares one typed name
 * with every member born on the same day.
 */
export function lookAlikeTo(name: string): (other: string) => boolean {
  const left = nameParts(name);
  return (other) => partsLookAlike(left, nameParts(other));
}

function partsLookAlike(left: readonly string[], right: readonly string[]): boolean {
  if (left.length === 0 || right.length === 0) return false;
  if (left.join(' ') === right.join(' ')) return true;
  if (left.length < 2 || right.length < 2) return false;
  const [short, long] = left.length <= right.length ? [left, right] : [right, left];
  return (
    short[0] === long[0] &&
    short[short.length - 1] === long[long.length - 1] &&
    isSubsequence(short, long)
  );
}

/** Whole years between a birth date and `at` (default: today in Riyadh). Feb 29 birthdays age on Mar 1. */
export function memberAge(birthDate: string | Date, at: string | Date = todayIso()): number {
  const [by, bm, bd] = asIsoDate(birthDate).split('-').map(Number) as [number, number, number];
  const [ay, am, ad] = asIsoDate(at).split('-').map(Number) as [number, number, number];
  let age = ay - by;
  if (am < bm || (am === bm && ad < bd)) age -= 1;
  return Math.max(0, age);
}

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

export const RELATIONSHIP_CODES = codesOf(RELATIONSHIPS);
export const GENDER_CODES = codesOf(GENDERS);
export const ID_TYPE_CODES = codesOf(ID_TYPES);
export const relationshipSchema = enumInputSchema(RELATIONSHIP_CODES);
export const genderSchema = enumInputSchema(GENDER_CODES);
export const idTypeSchema = enumInputSchema(ID_TYPE_CODES);

/**
 * A person's full Arabic name: no invisible controls and none of the characters a name refuses
 * (`isCleanName`: default-ignorables, line or paragraph separators, fillers, tabs and line
 * breaks inside), checked before the spaces are folded, which would silently turn a U+FEFF or a
 * U+2028 into a space; then spaces folded, at least two words, no digits.
 */
export const fullNameSchema = z
  .string()
  .refine(isVisibleText, VISIBLE_TEXT_FIRST)
  .refine((value) => isCleanName(value.trim()), CLEAN_NAME)
  .transform((value) => value.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1).max(150))
  .superRefine((name, ctx) => {
    if (/[0-9\u0660-\u0669\u06F0-\u06F9]/.test(name)) {
      ctx.addIssue({ code: 'custom', message: MEMBER_MESSAGES.nameHasDigits, input: name });
    } else if (name.split(' ').length < 2) {
      ctx.addIssue({ code: 'custom', message: MEMBER_MESSAGES.nameTooShort, input: name });
    }
  });

/** A birth date: valid, not in the future (Riyadh time), not before 1900. */
export const birthDateSchema = isoDateSchema.superRefine((date, ctx) => {
  if (!ISO_DATE_SHAPE.test(date)) return; // already reported as invalid
  if (date > todayIso())
    ctx.addIssue({ code: 'custom', message: MEMBER_MESSAGES.birthDateInFuture, input: date });
  else if (date < MIN_BIRTH_DATE)
    ctx.addIssue({ code: 'custom', message: MEMBER_MESSAGES.birthDateTooOld, input: date });
});

/** A list of codes, duplicates removed. */
export function codeListSchema(max: number) {
  return z
    .array(lookupCodeSchema)
    .max(max)
    .transform((codes) => [...new Set(codes)]);
}

/** The relationship of a member who is not the head. */
const nonHeadRelationshipSchema = relationshipSchema.refine((value) => value !== 'head', {
  error: MEMBER_MESSAGES.secondHead,
});

/**
 * The fields of a member, shared by the head, the other members and the drafts. Lookup-backed
 * fields hold codes (see lookups.ts); sensitive fields: health_status, disabilities.
 */
export const memberFieldSchemas = {
  /**
   * The member's id when the body describes an existing member (edit forms round-trip it);
   * absent for a new member. Recommended API rule on update: upsert members by id and never
   * end a membership implicitly — moving or removing a member is its own action with a reason.
   */
  id: optionalInput(entityIdSchema),
  full_name: fullNameSchema,
  full_name_en: optionalInput(nameTextSchema(150)),
  /** Optional for newborns and undocumented members; unique among active members (API: 409). */
  national_id: optionalInput(saudiIdSchema),
  /** Derivable from the ID's first digit; when sent it must agree with it. */
  id_type: optionalInput(idTypeSchema),
  id_expiry_date: optionalInput(isoDateSchema),
  relationship: nonHeadRelationshipSchema,
  gender: genderSchema,
  birth_date: birthDateSchema,
  marital_status: optionalInput(lookupCodeSchema),
  health_status: optionalInput(lookupCodeSchema),
  /** Absent (not sent) means "unchanged" on update: medical fields are hidden from some employees. */
  disabilities: codeListSchema(10).optional(),
  education_level: optionalInput(lookupCodeSchema),
  employment_status: optionalInput(lookupCodeSchema),
  occupation: optionalInput(textSchema(100)),
  monthly_income: optionalInput(moneyInputSchema()),
  /** Female members only. */
  is_pregnant: z.boolean().default(false),
  /** Female members only. */
  is_lactating: z.boolean().default(false),
  phone: optionalInput(saudiMobileSchema),
};

/** Refinements run even when other fields failed, so every error shows at once. */
export const RUN_ALWAYS = { when: () => true } as const;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The idType a valid Saudi ID implies. */
export function idTypeFor(nationalId: string): 'national_id' | 'iqama' | null {
  const kind = saudiIdKind(nationalId);
  return kind === 'citizen' ? 'national_id' : kind === 'resident' ? 'iqama' : null;
}

/** Cross-field rules of one member (pregnancy, relationship vs gender, ID type vs ID). */
export function checkMemberRules(
  value: unknown,
  ctx: z.RefinementCtx,
  path: PropertyKey[] = [],
): void {
  if (!isRecord(value)) return;
  const gender = value.gender as Gender | undefined;
  if (gender === 'male') {
    for (const field of ['is_pregnant', 'is_lactating'] as const) {
      if (value[field] === true) {
        ctx.addIssue({
          code: 'custom',
          message: MEMBER_MESSAGES.pregnancyFemaleOnly,
          path: [...path, field],
          input: true,
        });
      }
    }
  }
  const implied = RELATIONSHIP_GENDER[value.relationship as Relationship];
  if (implied && (gender === 'male' || gender === 'female') && implied !== gender) {
    ctx.addIssue({
      code: 'custom',
      message: MEMBER_MESSAGES.relationshipGenderMismatch,
      path: [...path, 'gender'],
      input: gender,
    });
  }
  if (typeof value.national_id === 'string' && typeof value.id_type === 'string') {
    const impliedType = idTypeFor(value.national_id);
    if (impliedType && impliedType !== value.id_type) {
      ctx.addIssue({
        code: 'custom',
        message: MEMBER_MESSAGES.idTypeMismatch,
        path: [...path, 'id_type'],
        input: value.id_type,
      });
    }
  }
}

const memberRules = (value: unknown, ctx: z.RefinementCtx) => checkMemberRules(value, ctx);

/**
 * A family member other than the head (each entry of a
 * family's `members`). `relationship: 'head'` is refused: a family has exactly one head.
 */
export const familyMemberInputSchema = z
  .object(memberFieldSchemas)
  .superRefine(memberRules, RUN_ALWAYS);
export type FamilyMemberInput = z.output<typeof familyMemberInputSchema>;
export type FamilyMemberFormValues = z.input<typeof familyMemberInputSchema>;

/** The head of family: a member whose relationship is `head` and whose national ID is required. */
export const familyHeadInputSchema = z
  .object({
    ...memberFieldSchemas,
    national_id: saudiIdSchema,
    relationship: z.literal('head').default('head'),
  })
  .superRefine(memberRules, RUN_ALWAYS);
export type FamilyHeadInput = z.output<typeof familyHeadInputSchema>;
export type FamilyHeadFormValues = z.input<typeof familyHeadInputSchema>;

/** A member in a server draft: only the name is required; whatever else is sent must be well-formed. */
export const familyMemberDraftSchema = z
  .object(memberFieldSchemas)
  .partial()
  .required({ full_name: true })
  .superRefine(memberRules, RUN_ALWAYS);

/** The head in a server draft: only the name is required. */
export const familyHeadDraftSchema = z
  .object({ ...memberFieldSchemas, relationship: z.literal('head').default('head') })
  .partial()
  .required({ full_name: true })
  .superRefine(memberRules, RUN_ALWAYS);

// ---------------------------------------------------------------------------------------------
// Moving a member to another family
// ---------------------------------------------------------------------------------------------

/**
 * Body of `POST /family-members/{id}/move`. The member's relationship changes with the family
 * (it is relative to the new head), so it is required; the move is recorded with its reason.
 */
export const memberMoveSchema = z.object({
  to_family_id: entityIdSchema,
  relationship: nonHeadRelationshipSchema,
  reason: z
    .string({ error: REASON_REQUIRED_MESSAGE })
    .trim()
    .min(3, { error: REASON_REQUIRED_MESSAGE })
    .max(1000)
    .refine(isVisibleText, VISIBLE_TEXT),
  effective_date: optionalInput(isoDateSchema),
});
export type MemberMoveInput = z.input<typeof memberMoveSchema>;
export type MemberMove = z.output<typeof memberMoveSchema>;

const familyRefSchema = z.object({
  id: z.number().int(),
  file_number: z.string(),
  head_name: z.string().nullable().optional(),
});

/** One recorded move. */
export const memberMoveRecordSchema = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  from_family: familyRefSchema,
  to_family: familyRefSchema,
  from_relationship: relationshipSchema,
  to_relationship: relationshipSchema,
  reason: z.string(),
  effective_date: z.iso.date(),
  at: timestampSchema,
  by: personRefSchema.nullable(),
});
export type MemberMoveRecord = z.infer<typeof memberMoveRecordSchema>;

// ---------------------------------------------------------------------------------------------
// Response
// ---------------------------------------------------------------------------------------------

/**
 * Who may see which member field (docs/medical-fields.md): medical data — health status and
 * disabilities — only employees who edit families (the researchers who record it) and super
 * admins. The one rule for these fields wherever a member's data appears: the member and family
 * answers, the members list and its filter, exports (columns), the family timeline and the
 * activity log (`[old, new]` of a member change). Key = the member field, its response key, its
 * column and its key in the activity log's `changes`.
 */
export const MEMBER_FIELD_VISIBILITY = defineFieldVisibility({
  health_status: ['edit_families'],
  disabilities: ['edit_families'],
});

/**
 * The field-visibility table of each beneficiaries entity type the activity log records
 * (`entity_type` → table): the log's reader sees a change's fields by the same rule as the record.
 */
export const BENEFICIARY_ACTIVITY_FIELD_VISIBILITY = {
  family_member: MEMBER_FIELD_VISIBILITY,
} as const;

/**
 * A member as the API returns it (`GET /family-members`, inside a family detail). `age` is
 * computed by the API at response time (never stored). The fields `MEMBER_FIELD_VISIBILITY` hides
 * from the employee (`health_status`, `disabilities`) are left out (absent, not null).
 * `relationship`, `gender`, `birth_date` and `age` are null only for a member of a draft family
 * saved without them (`familyMemberDraftSchema` requires only the name); every submitted family
 * has them.
 */
export const familyMemberSchema = z.object({
  id: z.number().int(),
  family_id: z.number().int(),
  family_file_number: z.string(),
  family_status: familyStatusSchema,
  full_name: z.string(),
  full_name_en: z.string().nullable(),
  national_id: z.string().nullable(),
  id_type: idTypeSchema.nullable(),
  id_expiry_date: z.iso.date().nullable(),
  relationship: relationshipSchema.nullable(),
  gender: genderSchema.nullable(),
  birth_date: z.iso.date().nullable(),
  age: z.number().int().min(0).nullable(),
  marital_status: lookupRefSchema.nullable(),
  health_status: lookupRefSchema.nullable().optional(),
  disabilities: z.array(lookupRefSchema).optional(),
  education_level: lookupRefSchema.nullable(),
  employment_status: lookupRefSchema.nullable(),
  occupation: z.string().nullable(),
  monthly_income: moneyResponseSchema.nullable(),
  is_pregnant: z.boolean(),
  is_lactating: z.boolean(),
  phone: z.string().nullable(),
  city: lookupRefSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;

// ---------------------------------------------------------------------------------------------
// List query (/family-members)
// ---------------------------------------------------------------------------------------------

export const FAMILY_MEMBER_SORTABLE = [
  'full_name',
  'birth_date',
  'family_file_number',
  'created_at',
] as const;

/**
 * `GET /family-members?search=&filter[gender]=female&filter[age_min]=6&filter[age_max]=12…`
 * Search covers name (Arabic-normalised), national ID, phone and the family's file number.
 * Ages are whole years today; `age_min` > `age_max` simply matches nothing.
 */
export const familyMemberListQuery = defineListQuery({
  sortable: FAMILY_MEMBER_SORTABLE,
  filters: {
    gender: codesFilter(GENDER_CODES),
    relationship: codesFilter(RELATIONSHIP_CODES),
    age_min: integerFilter(0, 150),
    age_max: integerFilter(0, 150),
    health_status: codesFilter(),
    education_level: codesFilter(),
    employment_status: codesFilter(),
    marital_status: codesFilter(),
    family_status: codesFilter(familyStatusSchema.options),
    city: codesFilter(),
    family_id: idFilter(),
  },
});
export const familyMemberListQuerySchema = familyMemberListQuery.schema;
export const toFamilyMemberListParams = familyMemberListQuery.toParams;
export const fromFamilyMemberListParams = familyMemberListQuery.fromParams;
export type FamilyMemberListQuery = z.output<typeof familyMemberListQuerySchema>;

/** Columns of the members XLSX export, in order. */
export const FAMILY_MEMBER_EXPORT_COLUMNS: readonly ExportColumn<string>[] = [
  { key: 'family_file_number', header: 'رقم الملف' },
  { key: 'full_name', header: 'الاسم' },
  { key: 'national_id', header: 'رقم الهوية' },
  { key: 'relationship', header: 'صلة القرابة' },
  { key: 'gender', header: 'الجنس' },
  { key: 'birth_date', header: 'تاريخ الميلاد' },
  { key: 'age', header: 'العمر' },
  { key: 'marital_status', header: 'الحالة الاجتماعية' },
  { key: 'education_level', header: 'المستوى التعليمي' },
  { key: 'employment_status', header: 'الحالة الوظيفية' },
  { key: 'monthly_income', header: 'الدخل الشهري' },
  { key: 'phone', header: 'الجوال' },
  // Left out for a reader `MEMBER_FIELD_VISIBILITY` hides them from.
  { key: 'health_status', header: 'الحالة الصحية' },
  { key: 'disabilities', header: 'الإعاقات' },
];

// ---------------------------------------------------------------------------------------------
// Endpoint answers (member-endpoints.ts)
// ---------------------------------------------------------------------------------------------

export const familyMemberListResponseSchema = listEnvelopeOf(familyMemberSchema);

/** `GET /family-members/export`: the list's query (no paging) + `format=xlsx|csv`. */
export const familyMemberExportQuerySchema = exportQueryOf(familyMemberListQuerySchema);

/**
 * `POST /family-members/{id}/move` answers the move's record, the id the member had before the
 * move (`from_member_id`; `member_id` is the new membership's) and the member as it is now.
 */
export const memberMoveResponseSchema = z.object({
  message: z.string(),
  data: memberMoveRecordSchema.extend({
    from_member_id: z.number().int(),
    member: familyMemberSchema,
  }),
});
export type MemberMoveResponse = z.infer<typeof memberMoveResponseSchema>;
