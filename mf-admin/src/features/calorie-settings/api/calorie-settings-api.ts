import { useMutation } from '@tanstack/react-query';
import {
  activityLogEndpoints,
  calorieSettingsEndpoints,
  type CalorieSettingsInput,
} from 'shared-contracts/admin';
import { useEndpointCall, useEndpointQuery, useInvalidateEndpoints } from 'shared-ui';

/** The version reports use now. */
export function useActiveCalorieSettings() {
  return useEndpointQuery(calorieSettingsEndpoints.active, {});
}

/** Every version, newest first (a handful a year: one page of 200 is all of them). */
const ALL_VERSIONS = { page: 1, per_page: 200 } as const;
export function useCalorieVersions() {
  return useEndpointQuery(calorieSettingsEndpoints.versions, { query: ALL_VERSIONS });
}

/** Saves the table as the next version; the versions and the log refresh. */
export function useSaveCalorieSettings() {
  const call = useEndpointCall();
  const invalidate = useInvalidateEndpoints();
  return useMutation({
    mutationFn: async (body: CalorieSettingsInput) =>
      call(calorieSettingsEndpoints.create, { body }),
    onSuccess: () => void invalidate(calorieSettingsEndpoints, activityLogEndpoints),
  });
}
