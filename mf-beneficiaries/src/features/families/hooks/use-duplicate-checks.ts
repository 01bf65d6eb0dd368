import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import {
  isSaudiMobile,
  isValidSaudiId,
  normaliseSaudiId,
  normaliseSaudiMobile,
  type FamilyRef,
} from 'shared-contracts';
import { useApiClient, useDebouncedValue } from 'shared-ui';
import { checkNationalId, checkPhone, checkSimilarMembers } from '../api/families-api';

/** How long typing must pause before a live duplicate check is sent. */
export const CHECK_DEBOUNCE_MS = 400;

/** 'رقم الهوية مسجل في الأسرة «…» (رقم الملف …)': the block shown under a national ID field. */
export function nationalIdTakenMessage(
  family: Pick<FamilyRef, 'file_number' | 'head_name'>,
): string {
  return `رقم الهوية مسجل في الأسرة «${family.head_name}» (رقم الملف ${family.file_number})`;
}

export function nationalIdCheckQuery(
  client: AxiosInstance,
  nationalId: string,
  excludeFamilyId?: number,
) {
  return queryOptions({
    queryKey: ['families', 'checks', 'national-id', nationalId, excludeFamilyId ?? null] as const,
    queryFn: () => checkNationalId(client, nationalId, excludeFamilyId),
    staleTime: 30_000,
    retry: 1,
  });
}

/**
 * The live national ID check: sent once the typed ID is a valid Saudi ID and typing paused.
 * `taken` names the family that already holds it (a block: IDs are unique among active members).
 */
export function useNationalIdCheck(value: unknown, excludeFamilyId?: number) {
  const client = useApiClient();
  const typed = typeof value === 'string' ? normaliseSaudiId(value) : '';
  const settled = useDebouncedValue(typed, CHECK_DEBOUNCE_MS);
  const valid = settled !== '' && isValidSaudiId(settled) && settled === typed;
  const query = useQuery({
    ...nationalIdCheckQuery(client, settled, excludeFamilyId),
    enabled: valid,
  });
  const taken = valid && query.data && !query.data.available ? (query.data.family ?? null) : null;
  return {
    checking: valid && query.isFetching,
    taken,
    takenMessage: taken
      ? nationalIdTakenMessage(taken)
      : valid && query.data?.available === false
        ? 'رقم الهوية مسجل مسبقاً لدى أسرة أخرى'
        : undefined,
  };
}

/** Families already using a phone (a warning only: relatives may share a number). */
export function usePhoneCheck(value: unknown, excludeFamilyId?: number) {
  const client = useApiClient();
  const typed = typeof value === 'string' ? (normaliseSaudiMobile(value) ?? '') : '';
  const settled = useDebouncedValue(typed, CHECK_DEBOUNCE_MS);
  const valid = settled !== '' && isSaudiMobile(settled) && settled === typed;
  const query = useQuery({
    queryKey: ['families', 'checks', 'phone', settled, excludeFamilyId ?? null],
    queryFn: () => checkPhone(client, settled, excludeFamilyId),
    enabled: valid,
    staleTime: 30_000,
    retry: 1,
  });
  return valid ? (query.data?.families ?? []) : [];
}

/** Members elsewhere with a similar name and the same birth date (a warning, never a block). */
export function useSimilarMembers(fullName: unknown, birthDate: unknown, excludeFamilyId?: number) {
  const client = useApiClient();
  const name = typeof fullName === 'string' ? fullName.replace(/\s+/g, ' ').trim() : '';
  const date = typeof birthDate === 'string' ? birthDate : '';
  const settled = useDebouncedValue(`${name}|${date}`, CHECK_DEBOUNCE_MS);
  const [settledName = '', settledDate = ''] = settled.split('|');
  const enabled =
    settled === `${name}|${date}` &&
    settledName.split(' ').length >= 2 &&
    /^\d{4}-\d{2}-\d{2}$/.test(settledDate);
  const query = useQuery({
    queryKey: ['families', 'checks', 'similar', settledName, settledDate, excludeFamilyId ?? null],
    queryFn: () => checkSimilarMembers(client, settledName, settledDate, excludeFamilyId),
    enabled,
    staleTime: 30_000,
    retry: 1,
  });
  return enabled ? (query.data?.matches ?? []) : [];
}
