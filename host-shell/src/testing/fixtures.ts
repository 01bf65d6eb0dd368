import type { Employee, PermissionKey } from 'shared-contracts';

export function makeEmployee(
  overrides: Partial<Employee> & { permissions?: (PermissionKey | string)[] } = {},
): Employee {
  return {
    id: 7,
    name: 'سارة العتيبي',
    email: 'sara@ataa.test',
    active: true,
    permissions: [],
    role: 'موظف',
    ...overrides,
  };
}

export const TEST_TOKEN = 'test-token-0123456789abcdef0123456789abcdef';
