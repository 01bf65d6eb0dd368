import type { Employee, PermissionKey } from 'shared-contracts';
import type {
  ServiceAxis,
  ServiceDepartment,
  ServiceDetail,
  ServiceFamilyOption,
  ServiceType,
} from 'shared-contracts/services';

/** Everything the services section needs: services, their types, departments and axes. */
export const SERVICES_KEYS: PermissionKey[] = [
  'show_services',
  'show_departments',
  'show_axise',
  'show_families',
];

/** The logged-in employee of a test (a services officer unless told otherwise). */
export function employee(permissions: PermissionKey[] = SERVICES_KEYS): Employee {
  return {
    id: 1,
    name: 'نورة الخدمات',
    email: 'noura@example.org',
    active: true,
    permissions,
    role: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Records as the API answers them
// ---------------------------------------------------------------------------------------------

const NOW = '2025-03-01T08:00:00.000Z';

export function department(overrides: Partial<ServiceDepartment> = {}): ServiceDepartment {
  return {
    id: 1,
    name: 'الرعاية الاجتماعية',
    manager: { id: 4, name: 'سعاد المديرة' },
    active: true,
    service_types_count: 3,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

export function axis(overrides: Partial<ServiceAxis> = {}): ServiceAxis {
  return {
    id: 1,
    name: 'الإغاثة',
    description: 'سد الاحتياجات العاجلة',
    active: true,
    service_types_count: 2,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

export function serviceType(overrides: Partial<ServiceType> = {}): ServiceType {
  return {
    id: 3,
    name: 'سلة غذائية',
    department: { id: 1, name: 'الرعاية الاجتماعية' },
    axis: { id: 1, name: 'الإغاثة' },
    default_cost: 250.5,
    unit: 'سلة',
    is_medical: false,
    active: true,
    services_count: 12,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

export function familyOption(overrides: Partial<ServiceFamilyOption> = {}): ServiceFamilyOption {
  return {
    id: 7,
    file_number: 'F-1446-00007',
    head_name: 'محمد أحمد الشهري',
    status: 'approved',
    refusal: null,
    members: [
      { id: 11, name: 'محمد أحمد الشهري', relationship: 'head' },
      { id: 12, name: 'فاطمة صالح الشهري', relationship: 'spouse' },
    ],
    ...overrides,
  };
}

export function service(overrides: Partial<ServiceDetail> = {}): ServiceDetail {
  return {
    id: 41,
    service_type: { id: 3, name: 'سلة غذائية', unit: 'سلة', is_medical: false },
    department: { id: 1, name: 'الرعاية الاجتماعية' },
    axis: { id: 1, name: 'الإغاثة' },
    family: {
      id: 7,
      file_number: 'F-1446-00007',
      head_name: 'محمد أحمد الشهري',
      status: 'approved',
    },
    member: null,
    requested_by: { id: 1, name: 'نورة الخدمات' },
    provider: null,
    implementing_org: null,
    request_date: '2025-02-20',
    approval_date: null,
    expected_date: '2025-02-25',
    delivery_date: null,
    quantity: 2,
    cost: 501,
    status: 'requested',
    status_reason: null,
    overdue: true,
    beneficiary_satisfaction: null,
    created_at: NOW,
    updated_at: NOW,
    details: null,
    follow_up_recommendations: null,
    status_history: [
      { from: null, to: 'requested', reason: null, at: NOW, by: { id: 1, name: 'نورة الخدمات' } },
    ],
    ...overrides,
  };
}
