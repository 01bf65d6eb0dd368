import type { PermissionKey } from '../permissions';

/**
 * The REST surface of the beneficiaries section (DESIGN §3), written once: the API server
 * registers each route with exactly these permission declarations, and the remote's API layer
 * builds its URLs from the same paths. `anyOf` means "at least one of these keys" (the duplicate
 * checks serve both the create wizard and the edit form); `permissions` means "every one".
 * Paths are relative to the API base (`/api`).
 */
export interface EndpointDefinition {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly permissions: readonly PermissionKey[];
  readonly anyOf?: readonly PermissionKey[];
}

const endpoint = (
  method: EndpointDefinition['method'],
  path: string,
  permissions: readonly PermissionKey[],
  anyOf?: readonly PermissionKey[],
): EndpointDefinition => (anyOf ? { method, path, permissions, anyOf } : { method, path, permissions });

export const BENEFICIARIES_ENDPOINTS = {
  // lookups and people the forms pick from
  lookups: endpoint('GET', '/lookups/beneficiaries', [], ['show_families', 'show_orgs', 'show_seasonal']),
  researchers: endpoint('GET', '/families/researchers', [], ['create_families', 'edit_families', 'show_families']),

  // families
  familyList: endpoint('GET', '/families', ['show_families']),
  familyExport: endpoint('GET', '/families/export', ['show_families']),
  familyCreate: endpoint('POST', '/families', ['create_families']),
  familyShow: endpoint('GET', '/families/:id', ['show_families']),
  familyUpdate: endpoint('PUT', '/families/:id', ['edit_families']),
  familyStatus: endpoint('POST', '/families/:id/status', ['edit_families']),
  familyTimeline: endpoint('GET', '/families/:id/timeline', ['show_families']),
  checkNationalId: endpoint('GET', '/families/checks/national-id', [], ['create_families', 'edit_families']),
  checkPhone: endpoint('GET', '/families/checks/phone', [], ['create_families', 'edit_families']),
  checkSimilarMembers: endpoint('GET', '/families/checks/similar-members', [], ['create_families', 'edit_families']),

  // family members across families
  memberList: endpoint('GET', '/family-members', ['show_families']),
  memberExport: endpoint('GET', '/family-members/export', ['show_families']),
  memberMove: endpoint('POST', '/family-members/:id/move', ['edit_families']),

  // organisations
  orgList: endpoint('GET', '/orgs', ['show_orgs']),
  orgCreate: endpoint('POST', '/orgs', ['create_orgs']),
  orgShow: endpoint('GET', '/orgs/:id', ['show_orgs']),
  orgUpdate: endpoint('PUT', '/orgs/:id', ['edit_orgs']),

  // seasonal programmes
  seasonList: endpoint('GET', '/seasons', ['show_seasonal']),
  seasonCreate: endpoint('POST', '/seasons', ['create_seasonal']),
  seasonShow: endpoint('GET', '/seasons/:id', ['show_seasonal']),
  seasonUpdate: endpoint('PUT', '/seasons/:id', ['edit_seasonal']),
  seasonStatus: endpoint('POST', '/seasons/:id/status', ['edit_seasonal']),
  seasonBeneficiaries: endpoint('GET', '/seasons/:id/beneficiaries', ['show_seasonal']),
  seasonEnrol: endpoint('POST', '/seasons/:id/beneficiaries', ['edit_seasonal']),
  seasonBeneficiaryExclude: endpoint('POST', '/seasons/:id/beneficiaries/:beneficiaryId/exclude', ['edit_seasonal']),
  seasonDistributions: endpoint('GET', '/seasons/:id/distributions', ['show_seasonal']),
  seasonDistribute: endpoint('POST', '/seasons/:id/distributions', ['edit_seasonal']),
  seasonDistributionList: endpoint('GET', '/seasons/:id/distribution-list', ['show_seasonal']),
  seasonExport: endpoint('GET', '/seasons/:id/beneficiaries/export', ['show_seasonal']),
} as const satisfies Record<string, EndpointDefinition>;

export type BeneficiariesEndpoint = keyof typeof BENEFICIARIES_ENDPOINTS;

/** `/families/:id` + `{ id: 3 }` → `/families/3`. */
export function endpointPath(name: BeneficiariesEndpoint, params: Record<string, string | number> = {}): string {
  return BENEFICIARIES_ENDPOINTS[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing parameter ${key} for ${name}`);
    return encodeURIComponent(String(value));
  });
}
