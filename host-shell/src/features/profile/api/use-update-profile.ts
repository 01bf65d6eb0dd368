import { useMutation } from '@tanstack/react-query';
import { authApi, type Employee, type ProfileUpdateInput } from 'shared-contracts';
import { useHostServices } from '../../../lib/host-services';
import { useSession } from '../../../lib/session/session-context';

/** PUT /api/profile; the answer replaces the stored (encrypted) employee and the cached current user. */
export function useUpdateProfile() {
  const { apiClient } = useHostServices();
  const { updateEmployee } = useSession();
  return useMutation<Employee, unknown, ProfileUpdateInput>({
    mutationFn: (body) => authApi.updateProfile(apiClient, body),
    onSuccess: (employee) => updateEmployee(employee),
  });
}
