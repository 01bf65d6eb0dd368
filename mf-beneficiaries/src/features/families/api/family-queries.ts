import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from 'shared-ui';
import { beneficiariesKeys } from '../../../lib/query-keys';
import { fetchFamilies, fetchFamily, fetchFamilyMembers, fetchTimeline } from './families-api';

export function useFamilies(params: Record<string, string>) {
  const client = useApiClient();
  return useQuery({
    queryKey: beneficiariesKeys.families.list(params),
    queryFn: () => fetchFamilies(client, params),
    placeholderData: keepPreviousData,
  });
}

export function useFamily(id: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: beneficiariesKeys.families.detail(id),
    queryFn: () => fetchFamily(client, id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useFamilyTimeline(id: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: beneficiariesKeys.families.timeline(id),
    queryFn: () => fetchTimeline(client, id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useFamilyMembers(params: Record<string, string>) {
  const client = useApiClient();
  return useQuery({
    queryKey: beneficiariesKeys.members.list(params),
    queryFn: () => fetchFamilyMembers(client, params),
    placeholderData: keepPreviousData,
  });
}
