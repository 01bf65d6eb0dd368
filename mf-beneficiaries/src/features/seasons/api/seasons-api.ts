import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import {
  distributionListResponseSchema,
  distributionSchema,
  endpointPath,
  organisationListResponseSchema,
  seasonBeneficiaryListResponseSchema,
  seasonBeneficiarySchema,
  seasonEnrolmentResultSchema,
  seasonListResponseSchema,
  seasonSchema,
  seasonStatusChangeSchema,
  toOrganisationListParams,
  type DistributionInput,
  type SeasonEnrolment,
  type SeasonInput,
  type SeasonStatus,
} from 'shared-contracts';
import { useApiClient } from 'shared-ui';
import { isRecord, parseItem } from '../../../lib/api-response';
import { beneficiariesKeys } from '../../../lib/query-keys';

export async function fetchSeasons(client: AxiosInstance, params: Record<string, string>) {
  return seasonListResponseSchema.parse(
    (await client.get(endpointPath('seasonList'), { params })).data,
  );
}

export async function fetchSeason(client: AxiosInstance, id: number) {
  return parseItem(seasonSchema, (await client.get(endpointPath('seasonShow', { id }))).data);
}

export async function createSeason(client: AxiosInstance, body: SeasonInput) {
  return parseItem(seasonSchema, (await client.post(endpointPath('seasonCreate'), body)).data);
}

export async function updateSeason(client: AxiosInstance, id: number, body: SeasonInput) {
  return parseItem(
    seasonSchema,
    (await client.put(endpointPath('seasonUpdate', { id }), body)).data,
  );
}

export async function changeSeasonStatus(
  client: AxiosInstance,
  id: number,
  status: SeasonStatus,
  reason: string | null,
) {
  const body = seasonStatusChangeSchema.parse(reason ? { status, reason } : { status });
  return parseItem(
    seasonSchema,
    (await client.post(endpointPath('seasonStatus', { id }), body)).data,
  );
}

export async function fetchBeneficiaries(
  client: AxiosInstance,
  id: number,
  params: Record<string, string>,
) {
  const response = await client.get(endpointPath('seasonBeneficiaries', { id }), { params });
  return seasonBeneficiaryListResponseSchema.parse(response.data);
}

export async function enrolFamilies(client: AxiosInstance, id: number, body: SeasonEnrolment) {
  const response = await client.post(endpointPath('seasonEnrol', { id }), body);
  return parseItem(seasonEnrolmentResultSchema, response.data);
}

export async function excludeBeneficiary(
  client: AxiosInstance,
  id: number,
  beneficiaryId: number,
  reason: string,
) {
  const response = await client.post(
    endpointPath('seasonBeneficiaryExclude', { id, beneficiaryId }),
    { reason },
  );
  return parseItem(seasonBeneficiarySchema, response.data);
}

export async function fetchDistributions(
  client: AxiosInstance,
  id: number,
  params: Record<string, string>,
) {
  const response = await client.get(endpointPath('seasonDistributions', { id }), { params });
  return distributionListResponseSchema.parse(response.data);
}

export async function recordDistribution(
  client: AxiosInstance,
  id: number,
  body: DistributionInput,
) {
  const response = await client.post(endpointPath('seasonDistribute', { id }), body);
  return parseItem(distributionSchema, response.data);
}

// ---------------------------------------------------------------------------------------------
// The printable distribution list. The contracts name the endpoint but not its answer; the
// beneficiary schema says it is "also the printable distribution list", so its rows are read
// as season beneficiaries, or as flat rows with the same family fields.
// ---------------------------------------------------------------------------------------------

export interface PrintRow {
  key: string;
  file_number: string;
  head_name: string;
  head_national_id: string | null;
  members_count: number;
  voucher_code: string;
  status: string | null;
}

const flatRowSchema = z.object({
  id: z.number().int().optional(),
  file_number: z.string(),
  head_name: z.string(),
  head_national_id: z.string().nullable().optional(),
  members_count: z.number().int(),
  voucher_code: z.string(),
  status: z.string().nullish(),
});

const printRowSchema = z.union([
  seasonBeneficiarySchema.transform((row): PrintRow => ({
    key: `b${row.id}`,
    file_number: row.family.file_number,
    head_name: row.family.head_name,
    head_national_id: row.family.head_national_id,
    members_count: row.family.members_count,
    voucher_code: row.voucher_code,
    status: row.status,
  })),
  flatRowSchema.transform((row): PrintRow => ({
    key: `r${row.id ?? row.voucher_code}`,
    file_number: row.file_number,
    head_name: row.head_name,
    head_national_id: row.head_national_id ?? null,
    members_count: row.members_count,
    voucher_code: row.voucher_code,
    status: row.status ?? null,
  })),
]);

export function readDistributionList(body: unknown): PrintRow[] {
  const data = isRecord(body) && 'data' in body ? body.data : body;
  const rows = Array.isArray(data)
    ? data
    : isRecord(data)
      ? (data.rows ?? data.beneficiaries ?? data.items ?? data.data)
      : undefined;
  return z.array(printRowSchema).parse(rows);
}

export async function fetchDistributionList(client: AxiosInstance, id: number) {
  const response = await client.get(endpointPath('seasonDistributionList', { id }));
  return readDistributionList(response.data);
}

/** Active organisations for the funding picker (the list endpoint's maximum page). */
export async function fetchFundingOrgs(client: AxiosInstance) {
  const params = toOrganisationListParams({
    per_page: 200,
    sort: 'name',
    filter: { status: ['active'] },
  });
  return organisationListResponseSchema.parse(
    (await client.get(endpointPath('orgList'), { params })).data,
  ).data;
}

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

export function useSeasons(params: Record<string, string>) {
  const client = useApiClient();
  return useQuery({
    queryKey: beneficiariesKeys.seasons.list(params),
    queryFn: () => fetchSeasons(client, params),
    placeholderData: keepPreviousData,
  });
}

export function useSeason(id: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: beneficiariesKeys.seasons.detail(id),
    queryFn: () => fetchSeason(client, id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useSeasonBeneficiaries(id: number, params: Record<string, string>) {
  const client = useApiClient();
  return useQuery({
    queryKey: beneficiariesKeys.seasons.beneficiaries(id, params),
    queryFn: () => fetchBeneficiaries(client, id, params),
    placeholderData: keepPreviousData,
  });
}

export function useSeasonDistributions(id: number, params: Record<string, string>) {
  const client = useApiClient();
  return useQuery({
    queryKey: beneficiariesKeys.seasons.distributions(id, params),
    queryFn: () => fetchDistributions(client, id, params),
    placeholderData: keepPreviousData,
  });
}

export function useFundingOrgs() {
  const client = useApiClient();
  return useQuery({
    queryKey: beneficiariesKeys.orgs.options,
    queryFn: () => fetchFundingOrgs(client),
    staleTime: 5 * 60 * 1000,
  });
}
