import {
  isSaudiMobile,
  isValidSaudiId,
  normaliseSaudiId,
  normaliseSaudiMobile,
} from 'shared-contracts';
import { type FamilyRef } from 'shared-contracts/beneficiaries';
import { useDebouncedValue } from 'shared-ui';
import {
  useNationalIdCheckQuery,
  usePhoneCheckQuery,
  useSimilarMembersQuery,
} from '../api/families-api';

/** How long typing must pause before a live duplicate check is sent. */
export const CHECK_DEBOUNCE_MS = 400;

/** 'رقم الهوية مسجل في الأسرة «…» (رقم الملف …)': the block shown under a national ID field. */
export function nationalIdTakenMessage(
  family: Pick<FamilyRef, 'file_number' | 'head_name'>,
): string {
  return `رقم الهوية مسجل في الأسرة «${family.head_name}» (رقم الملف ${family.file_number})`;
}

/** The checks' query: the value, and the family being edited (its own members do not count). */
export function checkQuery<T extends object>(values: T, excludeFamilyId?: number) {
  return { ...values, ...(excludeFamilyId ? { exclude_family_id: excludeFamilyId } : {}) };
}

/**
 * The live national ID check: sent once the typed ID is a valid Saudi ID and typing paused.
 * `taken` names the family that already holds it (a block: IDs are unique among active members).
 */
export function useNationalIdCheck(value: unknown, excludeFamilyId?: number) {
  const typed = typeof value === 'string' ? normaliseSaudiId(value) : '';
  const settled = useDebouncedValue(typed, CHECK_DEBOUNCE_MS);
  const valid = settled !== '' && isValidSaudiId(settled) && settled === typed;
  const query = useNationalIdCheckQuery(
    checkQuery({ national_id: settled }, excludeFamilyId),
    valid,
  );
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
  const typed = typeof value === 'string' ? (normaliseSaudiMobile(value) ?? '') : '';
  const settled = useDebouncedValue(typed, CHECK_DEBOUNCE_MS);
  const valid = settled !== '' && isSaudiMobile(settled) && settled === typed;
  const query = usePhoneCheckQuery(checkQuery({ phone: settled }, excludeFamilyId), valid);
  return valid ? (query.data ?? []) : [];
}

/** Members elsewhere with a similar name and the same birth date (a warning, never a block). */
export function useSimilarMembers(fullName: unknown, birthDate: unknown, excludeFamilyId?: number) {
  const name = typeof fullName === 'string' ? fullName.replace(/\s+/g, ' ').trim() : '';
  const date = typeof birthDate === 'string' ? birthDate : '';
  const settled = useDebouncedValue(`${name}|${date}`, CHECK_DEBOUNCE_MS);
  const [settledName = '', settledDate = ''] = settled.split('|');
  const enabled =
    settled === `${name}|${date}` &&
    settledName.split(' ').length >= 2 &&
    /^\d{4}-\d{2}-\d{2}$/.test(settledDate);
  const query = useSimilarMembersQuery(
    checkQuery({ full_name: settledName, birth_date: settledDate }, excludeFamilyId),
    enabled,
  );
  return enabled ? (query.data ?? []) : [];
}
