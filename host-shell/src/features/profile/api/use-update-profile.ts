import { useMutation } from '@tanstack/react-query';
import {
  authEndpoints,
  callEndpoint,
  type Employee,
  type ProfileUpdateInput,
} from 'shared-contracts';
import { useHostServices } from '../../../lib/host-services';
import { useSession } from '../../../lib/session/session-context';

/** PUT /api/profile; the answer replaces the stored (encrypted) employee and the cached current user. */
export function useUpdateProfile() {
  const { apiClient } = useHostServices();
  const { updateEmployee } = useSession();
  return useMutation<Employee, unknown, ProfileUpdateInput>({
    mutationFn: async (body) =>
      (await callEndpoint(apiClient, authEndpoints.updateProfile, { body })).data,
    onSuccess: (employee) => updateEmployee(employee),
  });
}
