import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import {
  activityLogEntrySchema,
  endpointPath,
  familyDetailSchema,
  familyListResponseSchema,
  familyMemberSchema,
  familyStatusChangeSchema,
  listEnvelopeOf,
  memberMoveRecordSchema,
  nationalIdCheckResponseSchema,
  personRefSchema,
  phoneCheckResponseSchema,
  similarMembersResponseSchema,
  type FamilyStatusChangeInput,
  type MemberMove,
} from 'shared-contracts';
import { parseArray, parseItem } from '../../../lib/api-response';

/**
 * The families REST surface (shared-contracts BENEFICIARIES_ENDPOINTS): every URL is built with
 * `endpointPath`, every answer parsed with the contracts' response schemas. Where the contracts
 * define no response schema yet (researchers, timeline, a member move), the schema here is the
 * narrowest one the page needs; see the report for the proposed contract additions.
 */

export const familyMemberListResponseSchema = listEnvelopeOf(familyMemberSchema);

/** `GET /families/researchers`: the employees who can be assigned (id and name). */
export const researcherSchema = personRefSchema;
export type Researcher = z.infer<typeof researcherSchema>;

/** The timeline may be paginated or not. */
const timelineEntrySchema = activityLogEntrySchema;
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/**
 * Later issues may add what reaches the family (seasons, distributions) to the detail. Read
 * leniently and only shown when present: never invented.
 */
const familyBenefitsSchema = z.object({
  seasons: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        status: z.string().nullish(),
        voucher_code: z.string().nullish(),
        hijri_year: z.number().int().nullish(),
      }),
    )
    .optional(),
  distributions: z
    .array(
      z.object({
        id: z.number().int(),
        season: z.object({ id: z.number().int(), name: z.string() }).nullish(),
        kind: z.string(),
        cash_amount: z.union([z.number(), z.string()]).nullish(),
        distributed_at: z.string(),
      }),
    )
    .optional(),
});
export type FamilyBenefits = z.infer<typeof familyBenefitsSchema>;

export async function fetchFamilies(client: AxiosInstance, params: Record<string, string>) {
  const response = await client.get(endpointPath('familyList'), { params });
  return familyListResponseSchema.parse(response.data);
}

export async function fetchFamily(client: AxiosInstance, id: number) {
  const response = await client.get(endpointPath('familyShow', { id }));
  const family = parseItem(familyDetailSchema, response.data);
  const raw = (response.data as { data?: unknown } | null)?.data ?? response.data;
  const benefits = familyBenefitsSchema.safeParse(raw);
  return { family, benefits: benefits.success ? benefits.data : {} };
}

/** A family's file as the show and edit pages read it: the family and its benefits. */
export type FamilyFile = Awaited<ReturnType<typeof fetchFamily>>;

export async function createFamily(client: AxiosInstance, body: unknown) {
  const response = await client.post(endpointPath('familyCreate'), body);
  return parseItem(familyDetailSchema, response.data);
}

export async function updateFamily(client: AxiosInstance, id: number, body: unknown) {
  const response = await client.put(endpointPath('familyUpdate', { id }), body);
  return parseItem(familyDetailSchema, response.data);
}

export async function changeFamilyStatus(
  client: AxiosInstance,
  id: number,
  change: FamilyStatusChangeInput,
) {
  const body = familyStatusChangeSchema.parse(change);
  const response = await client.post(endpointPath('familyStatus', { id }), body);
  return parseItem(familyDetailSchema, response.data);
}

export async function fetchTimeline(client: AxiosInstance, id: number) {
  const response = await client.get(endpointPath('familyTimeline', { id }), {
    params: { per_page: 100 },
  });
  return parseArray(timelineEntrySchema, response.data);
}

export async function fetchResearchers(client: AxiosInstance) {
  const response = await client.get(endpointPath('researchers'));
  return parseArray(researcherSchema, response.data);
}

export async function checkNationalId(
  client: AxiosInstance,
  nationalId: string,
  excludeFamilyId?: number,
) {
  const response = await client.get(endpointPath('checkNationalId'), {
    params: {
      national_id: nationalId,
      ...(excludeFamilyId ? { exclude_family_id: excludeFamilyId } : {}),
    },
  });
  return parseItem(nationalIdCheckResponseSchema, response.data);
}

export async function checkPhone(client: AxiosInstance, phone: string, excludeFamilyId?: number) {
  const response = await client.get(endpointPath('checkPhone'), {
    params: { phone, ...(excludeFamilyId ? { exclude_family_id: excludeFamilyId } : {}) },
  });
  return parseItem(phoneCheckResponseSchema, response.data);
}

export async function checkSimilarMembers(
  client: AxiosInstance,
  fullName: string,
  birthDate: string,
  excludeFamilyId?: number,
) {
  const response = await client.get(endpointPath('checkSimilarMembers'), {
    params: {
      full_name: fullName,
      birth_date: birthDate,
      ...(excludeFamilyId ? { exclude_family_id: excludeFamilyId } : {}),
    },
  });
  return parseItem(similarMembersResponseSchema, response.data);
}

export async function fetchFamilyMembers(client: AxiosInstance, params: Record<string, string>) {
  const response = await client.get(endpointPath('memberList'), { params });
  return familyMemberListResponseSchema.parse(response.data);
}

/** The answer is the recorded move (or the moved member): either confirms it. */
const moveAnswerSchema = z.union([memberMoveRecordSchema, familyMemberSchema]);

export async function moveFamilyMember(client: AxiosInstance, memberId: number, body: MemberMove) {
  const response = await client.post(endpointPath('memberMove', { id: memberId }), body);
  const parsed = z
    .union([z.object({ data: moveAnswerSchema }), moveAnswerSchema])
    .safeParse(response.data);
  return parsed.success ? parsed.data : null;
}
