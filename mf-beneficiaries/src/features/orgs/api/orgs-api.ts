import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import {
  endpointPath,
  organisationDetailSchema,
  organisationListResponseSchema,
  type OrganisationInput,
} from 'shared-contracts';
import { useApiClient } from 'shared-ui';
import { parseItem } from '../../../lib/api-response';
import { beneficiariesKeys } from '../../../lib/query-keys';

export async function fetchOrgs(client: AxiosInstance, params: Record<string, string>) {
  const response = await client.get(endpointPath('orgList'), { params });
  return organisationListResponseSchema.parse(response.data);
}

export async function fetchOrg(client: AxiosInstance, id: number) {
  const response = await client.get(endpointPath('orgShow', { id }));
  return parseItem(organisationDetailSchema, response.data);
}

export async function createOrg(client: AxiosInstance, body: OrganisationInput) {
  const response = await client.post(endpointPath('orgCreate'), body);
  return parseItem(organisationDetailSchema, response.data);
}

export async function updateOrg(client: AxiosInstance, id: number, body: OrganisationInput) {
  const response = await client.put(endpointPath('orgUpdate', { id }), body);
  return parseItem(organisationDetailSchema, response.data);
}

export function useOrgs(params: Record<string, string>) {
  const client = useApiClient();
  return useQuery({
    queryKey: beneficiariesKeys.orgs.list(params),
    queryFn: () => fetchOrgs(client, params),
    placeholderData: keepPreviousData,
  });
}

export function useOrg(id: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: beneficiariesKeys.orgs.detail(id),
    queryFn: () => fetchOrg(client, id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
