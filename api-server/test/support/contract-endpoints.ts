import * as core from 'shared-contracts';
import type { Endpoint } from 'shared-contracts';
import * as admin from 'shared-contracts/admin';
import * as beneficiaries from 'shared-contracts/beneficiaries';
import * as engagement from 'shared-contracts/engagement';
import * as finance from 'shared-contracts/finance';
import * as reports from 'shared-contracts/reports';
import * as documents from 'shared-contracts/resources/documents-contracts';
import * as services from 'shared-contracts/services';
// Resources declared beside their declaration (`resources/<name>-contracts.ts`): each listed here;
// the medical walk's coverage test names any served GET missing from them.
import * as tasks from 'shared-contracts/resources/tasks-contracts';
import * as visits from 'shared-contracts/resources/visits-contracts';
import * as bulkActions from 'shared-contracts/resources/bulk-actions-contracts';
import * as consents from 'shared-contracts/resources/consents-contracts';
import * as familyAccess from 'shared-contracts/resources/family-access-contracts';
import * as personalData from 'shared-contracts/resources/personal-data-contracts';
import * as familyErasure from 'shared-contracts/resources/family-erasure-contracts';
import * as privacy from 'shared-contracts/resources/privacy-contracts';

/**
 * The endpoints shared-contracts declares, found rather than listed: every table (an object whose
 * values are all endpoints) of every entry point. A test built on this reaches a new endpoint the
 * moment it is declared.
 */
export function contractEndpoints(): Endpoint[] {
  const isEndpoint = (value: unknown): value is Endpoint =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Endpoint).method === 'string' &&
    typeof (value as Endpoint).path === 'string' &&
    typeof (value as Endpoint).id === 'string' &&
    'access' in value;
  const found = new Map<string, Endpoint>();
  for (const entry of [
    core,
    admin,
    beneficiaries,
    services,
    finance,
    engagement,
    reports,
    documents,
    visits,
    tasks,
    bulkActions,
    consents,
    familyAccess,
    personalData,
    familyErasure,
    privacy,
  ]) {
    for (const value of Object.values(entry)) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
      const members = Object.values(value as Record<string, unknown>);
      if (members.length > 0 && members.every(isEndpoint))
        for (const endpoint of members) found.set(endpoint.id, endpoint);
    }
  }
  return [...found.values()];
}

/** The endpoints that change something: every method but GET. */
export function contractWriteEndpoints(): Endpoint[] {
  return contractEndpoints().filter((endpoint) => endpoint.method !== 'GET');
}

/** `PUT /families/{id}`: an endpoint as the OpenAPI description names it (`:id` → `{id}`). */
export function openApiKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
}
