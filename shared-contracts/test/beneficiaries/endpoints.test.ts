import { endpointsOf, type EndpointAccess } from '../../src/core/endpoint';
import { listQueryUrlShape } from '../../src/core/list-query';
import {
  beneficiaryLookupsResponseSchema,
  familyCreateSchema,
  familyEndpoints,
  familyExportQuerySchema,
  lookupEndpoints,
  memberEndpoints,
  organisationEndpoints,
  seasonEndpoints,
  BENEFICIARY_LOOKUP_NAMES,
} from '../../src/beneficiaries';
import { errorsOf } from './helpers';

const tables = [
  lookupEndpoints,
  familyEndpoints,
  memberEndpoints,
  organisationEndpoints,
  seasonEndpoints,
];

const accessText = (access: EndpointAccess) =>
  access.kind === 'permissions'
    ? [...access.all, ...(access.anyOf ? [`anyOf(${access.anyOf.join(',')})`] : [])].join(' ')
    : access.kind;

describe('the beneficiaries endpoint declarations', () => {
  test('paths and access exactly as the API has always served them', () => {
    expect(
      endpointsOf(...tables).map(
        (endpoint) => `${endpoint.method} ${endpoint.path} ${accessText(endpoint.access)}`,
      ),
    ).toEqual([
      'GET /lookups/beneficiaries anyOf(show_families,show_orgs,show_seasonal)',
      'GET /families/researchers anyOf(create_families,edit_families,show_families)',
      'GET /families show_families',
      // A bulk export of national IDs and phones needs the edit permission too
      'GET /families/export show_families edit_families',
      'POST /families create_families',
      'GET /families/:id show_families',
      'PUT /families/:id edit_families',
      'POST /families/:id/status edit_families',
      'GET /families/:id/timeline show_families',
      'GET /families/checks/national-id anyOf(create_families,edit_families)',
      'GET /families/checks/phone anyOf(create_families,edit_families)',
      'GET /families/checks/similar-members anyOf(create_families,edit_families)',
      'GET /family-members show_families',
      'GET /family-members/export show_families edit_families',
      'POST /family-members/:id/move edit_families',
      'GET /orgs show_orgs',
      'GET /orgs/:id show_orgs',
      'POST /orgs create_orgs',
      'PUT /orgs/:id edit_orgs',
      'GET /seasons show_seasonal',
      'POST /seasons create_seasonal',
      'GET /seasons/:id show_seasonal',
      'PUT /seasons/:id edit_seasonal',
      'POST /seasons/:id/status edit_seasonal',
      'GET /seasons/:id/beneficiaries show_seasonal',
      'POST /seasons/:id/beneficiaries edit_seasonal',
      'POST /seasons/:id/beneficiaries/:beneficiaryId/exclude edit_seasonal',
      'GET /seasons/:id/distributions show_seasonal',
      'POST /seasons/:id/distributions edit_seasonal',
      'GET /seasons/:id/distribution-list show_seasonal',
      'GET /seasons/:id/beneficiaries/export show_seasonal',
    ]);
  });

  test('every endpoint has an Arabic summary and a unique id; creations answer 201', () => {
    const endpoints = endpointsOf(...tables);
    expect(new Set(endpoints.map((endpoint) => endpoint.id)).size).toBe(endpoints.length);
    for (const endpoint of endpoints) expect(endpoint.summary).toMatch(/[\u0600-\u06FF]/);
    expect(
      [
        familyEndpoints.create,
        seasonEndpoints.create,
        seasonEndpoints.distribute,
        organisationEndpoints.create,
      ].map((endpoint) => endpoint.status),
    ).toEqual([201, 201, 201, 201]);
  });

  test('POST /families: the draft flag chooses the schema; issues keep their paths and messages', () => {
    expect(
      familyCreateSchema.safeParse({ save_as_draft: true, head: { full_name: 'خالد سعد' } })
        .success,
    ).toBe(true);
    const strict = errorsOf(familyCreateSchema, { head: { full_name: 'خالد سعد' } });
    expect(Object.keys(strict)).toEqual(
      expect.arrayContaining(['head.national_id', 'primary_phone']),
    );
  });

  test('an export takes the list query plus format (xlsx unless csv), documented flat', () => {
    expect(
      familyExportQuerySchema.parse({ 'filter[status]': 'approved,draft', format: 'csv' }),
    ).toMatchObject({ filter: { status: ['approved', 'draft'] }, format: 'csv' });
    expect(familyExportQuerySchema.parse({})).toMatchObject({ filter: {}, format: 'xlsx' });
    expect(Object.keys(errorsOf(familyExportQuerySchema, { format: 'pdf' }))).toEqual(['format']);
    expect(Object.keys(listQueryUrlShape(familyExportQuerySchema)?.shape ?? {})).toEqual(
      expect.arrayContaining(['filter[status]', 'format']),
    );
  });

  test('the lookups answer names every list', () => {
    const lists = Object.fromEntries(BENEFICIARY_LOOKUP_NAMES.map((name) => [name, []]));
    const meta = Object.fromEntries(
      BENEFICIARY_LOOKUP_NAMES.map((name) => [name, { label: 'x', editable: true }]),
    );
    expect(
      beneficiaryLookupsResponseSchema.safeParse({ data: lists, meta: { lists: meta } }).success,
    ).toBe(true);
    const { cities: _missing, ...partial } = lists;
    expect(
      beneficiaryLookupsResponseSchema.safeParse({ data: partial, meta: { lists: meta } }).success,
    ).toBe(false);
  });
});
