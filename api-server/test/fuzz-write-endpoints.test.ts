import type { LightMyRequestResponse } from 'fastify';
import { approvedFamily, BENEFICIARY_KEYS } from './support/beneficiaries';
import { contractWriteEndpoints, openApiKey } from './support/contract-endpoints';
import { changedTables, fingerprint } from './support/db-fingerprint';
import { describeEachDatabase, TEST_ADMIN } from './support/harness';

/**
 * Every write endpoint of the OpenAPI description the app serves gets at least 100 malformed
 * bodies as a super admin — broken JSON, deep nesting, wrong types, huge numbers, control
 * characters, SQL and script text, prototype keys, a body over the API's size limit — besides
 * malformed path ids and query strings, and must answer each with a 4xx: never a 5xx, and no row
 * of any table may change. Generated from `GET /api/openapi.json`, which must name exactly the
 * write endpoints shared-contracts declares, so a new write endpoint is fuzzed the moment it is
 * declared. The totals (requests, count per status) are printed at the end of each run. (Bodies
 * over the limit sent through the gateway: gateway-body-limit.test.ts.)
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  const?: unknown;
  enum?: unknown[];
};

interface Operation {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params: string[];
  body?: JsonSchema;
}

interface FuzzRequest {
  url: string;
  /** Raw JSON text (possibly malformed); absent: no body. */
  body?: string;
  token?: string;
}

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'];
/** A well-formed id that no row has: a valid body would end in 404, never in a change. */
const MISSING_ID = 2_147_483_647;
/** The API's `bodyLimit` (src/app.ts): one byte more is refused with 413 before it is parsed. */
const API_BODY_LIMIT = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// The hostile values
// ---------------------------------------------------------------------------------------------

const HOSTILE_STRINGS = [
  "' OR '1'='1",
  '1; DROP TABLE families; --',
  '" OR ""="',
  "1' UNION SELECT password_hash FROM employees --",
  "'); COMMIT; TRUNCATE activity_log; --",
  '\\x27; select pg_sleep(5); --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(document.cookie)>',
  'javascript:alert(1)',
  '{{constructor.constructor("return process")()}}',
  '${process.exit(1)}',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001b[31m\u007f\u0085',
  'ليلى\u202Eمحمد',
  '\u2066\u200F\u061C',
  '\uFEFF',
  '\uD800',
  '\r\n\t',
  '=HYPERLINK("https://evil.example","x")',
  '../../../../etc/passwd',
  '%00%27',
  'أ'.repeat(5_000),
  'x'.repeat(200_000),
  '__proto__',
  'constructor',
  'NaN',
  '-Infinity',
  '1e309',
  '0x1F',
  '١٢٣٤٥٦٧٨٩٠١٢٣',
  '2025-02-30',
  '9999-99-99T99:99:99Z',
  '',
  '   ',
];

const HOSTILE_NUMBERS = [
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2_147_483_648,
  -2_147_483_649,
  -1,
  0,
  0.000001,
  1.005,
  5e-324,
];

const WRONG_TYPES: unknown[] = [
  true,
  false,
  [],
  {},
  [[[]]],
  { $gt: '' },
  { $where: 'sleep(1000)' },
  [null],
  [''],
  [{ __proto__x: 1 }],
];

/** Raw JSON number literals JSON.stringify cannot write (they parse to Infinity or lose digits). */
const RAW_NUMBERS = ['1e400', '-1e400', '123456789012345678901234567890', '0.1e-400', '-0'];

const FIELD_VALUES: unknown[] = [...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, ...WRONG_TYPES];

/** Keys a parser or a schema library might trip over (the prototype's own names among them). */
const HOSTILE_KEYS = [
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'isPrototypeOf',
  '',
  ' ',
  '\u0000',
  "'; DROP TABLE x; --",
  '<script>',
  'a.b',
  'a[b]',
  '$where',
];

/** Bodies every JSON parser must refuse (400). */
const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":',
  '[1,]',
  '{"a":1,}',
  "{'a':1}",
  'NaN',
  'undefined',
  '\u0000',
  '{"a":"\\x41"}',
  '"unterminated',
  '{"a":1}{"b":2}',
  '{"a" 1}',
  '\uFEFF[',
  '['.repeat(20_000),
  '{"a":'.repeat(5_000),
  `${'['.repeat(40)}${']'.repeat(40)}`,
  `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`,
  `{"x":${'['.repeat(100)}1${']'.repeat(100)}}`,
  `[${'{"a":['.repeat(30)}${']}'.repeat(30)}]`,
  '{"__proto__":{"role":"superadmin","permissions":["edit_families"]}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":[{"__proto__":{"x":1}}]}',
  '{"nested":{"constructor":{"prototype":{}}}}',
];

/** A JSON type a property does not accept (so the body holding it is invalid whatever else it says). */
function breakingValue(schema: JsonSchema | undefined, round: number): unknown | undefined {
  const types = new Set<string>();
  const collect = (part: JsonSchema | undefined) => {
    if (!part) return;
    for (const type of [part.type ?? []].flat()) types.add(type);
    if (part.const !== undefined || part.enum) types.add('string');
    for (const branch of [...(part.anyOf ?? []), ...(part.oneOf ?? []), ...(part.allOf ?? [])])
      collect(branch);
  };
  collect(schema);
  if (types.size === 0) return undefined; // unknown type: cannot be broken for sure
  const candidates: unknown[] = [];
  if (!types.has('object')) candidates.push({ $ne: null }, { toString: 'x' });
  if (!types.has('array')) candidates.push([[[]]], [{ $gt: '' }]);
  if (!types.has('boolean') && !types.has('string')) candidates.push(true);
  return candidates[round % candidates.length];
}

function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  if (!schema) return {};
  const merged: Record<string, JsonSchema> = { ...schema.properties };
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    Object.assign(merged, propertiesOf(branch));
  return merged;
}

/**
 * The malformed bodies of one operation. Every one is invalid whatever the schema accepts: broken
 * or too deep JSON, a non-object (never `null`, which reads as "no body"), prototype keys, or an
 * object one of whose typed properties holds a value of a type it refuses — the other properties
 * full of hostile values. (An operation whose body schema says nothing gets objects of hostile
 * keys only, which lack whatever its schema requires.)
 */
function malformedBodies(operation: Operation): string[] {
  const bodies = [...MALFORMED_JSON];
  for (const value of [
    ...HOSTILE_STRINGS.slice(0, 22),
    ...HOSTILE_NUMBERS,
    true,
    false,
    [],
    [{}],
    [[[]]],
    ['a', 1, null],
  ])
    bodies.push(JSON.stringify(value));
  bodies.push(...RAW_NUMBERS);

  const properties = Object.entries(propertiesOf(operation.body));
  const typed = properties.filter(([, schema]) => breakingValue(schema, 0) !== undefined);

  // Deep nesting inside every field (and beside a draft flag, which switches a schema to its
  // lenient form): 20000 levels of arrays and of objects, and 30 (inside the parser's limit).
  const deepKeys = [...properties.map(([name]) => name), 'data', 'items'];
  const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const draftWith = (keys: readonly string[], deep: string) =>
    `{"save_as_draft":true,${keys.map((key) => `${JSON.stringify(key)}:${deep}`).join(',')}}`;
  // (20000 nested objects take 120 KB: one field only, under the 1 MB body limit.)
  bodies.push(draftWith(deepKeys, deepArray(20_000)), draftWith(['data'], deepObject(20_000)));
  bodies.push(draftWith(deepKeys, deepArray(30)), draftWith(deepKeys, deepObject(30)));
  // One byte over the size limit (`{"data":"…"}` is 11 bytes around the filler).
  bodies.push(JSON.stringify({ data: 'x'.repeat(API_BODY_LIMIT - 10) }));
  for (let round = 0; round < 40; round += 1) {
    const body: Record<string, unknown> = {};
    if (typed.length > 0) {
      properties.forEach(([name], index) => {
        body[name] = FIELD_VALUES[(round + index * 7) % FIELD_VALUES.length];
      });
      const [victim, schema] = typed[round % typed.length] as [string, JsonSchema];
      body[victim] = breakingValue(schema, round);
      // Prototype-named keys beside the schema's own (every round when the schema has one
      // property: its broken value alone would repeat, the key makes each body its own).
      if (round % 4 === 0 || properties.length === 1)
        body[HOSTILE_KEYS[round % HOSTILE_KEYS.length] as string] =
          FIELD_VALUES[round % FIELD_VALUES.length];
    } else {
      for (let k = 0; k < 3; k += 1) {
        body[HOSTILE_KEYS[(round + k * 5) % HOSTILE_KEYS.length] as string] =
          FIELD_VALUES[(round * 3 + k) % FIELD_VALUES.length];
      }
    }
    const text = JSON.stringify(body);
    // Every fifth: one value as a raw number literal JSON.stringify cannot write.
    bodies.push(
      round % 5 === 0 && typed.length > 0
        ? text.replace(/^\{/, `{"__raw":${RAW_NUMBERS[round % RAW_NUMBERS.length]},`)
        : text,
    );
  }
  return bodies;
}

const MALFORMED_IDS = [
  '0',
  '-1',
  'abc',
  '1.5',
  '1e3',
  '99999999999',
  '2147483648',
  '0x1F',
  "1'--",
  '1%20OR%201%3D1',
  '%00',
  '%2e%2e%2f%2e%2e%2f',
  '%E2%80%AE1',
  '%D9%A1',
  '+1',
  '%201',
  'true',
  'null',
  '%5B1%5D',
  'constructor',
  '__proto__',
  '9'.repeat(200),
];

const MALFORMED_QUERIES = [
  '__proto__[role]=superadmin',
  '__proto__=1',
  'constructor[prototype][isAdmin]=1',
  'toString=1&valueOf=2&hasOwnProperty=3',
  '%00=%00',
  'a=%',
  'a=%E0%A4%A',
  'a=%u0041',
  'page=-1&per_page=1e309',
  'filter%5Bstatus%5D=%27%20OR%201%3D1--',
  'format=csv',
  `x=${'a'.repeat(8_000)}`,
  'a[]=1&a[]=2&a[]=3',
  'a=1&a=2&a=3',
  'id=1%3B%20DROP%20TABLE%20families',
  '%E2%80%AE=1',
  '=',
  '&&&',
  'a=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  'limit=99999999999999999999',
  'sort=id%3BDROP&order=sideways',
  'q=%F0%9F%98',
  'save_as_draft=true',
  'mode=all_eligible',
  'status=archived&reason=xx',
];

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

describeEachDatabase('fuzz: every write endpoint of the OpenAPI description', (h) => {
  let adminToken = '';
  let adminId = 0;
  /** Existing rows per path prefix, so bodies reach the handlers' own checks too. */
  const realIds: Record<string, number> = {};
  const statuses = new Map<number, number>();
  let sent = 0;
  const perOperation: string[] = [];

  beforeAll(async () => {
    adminToken = await h.adminToken();
    adminId = (
      await h.db
        .selectFrom('employees')
        .select('id')
        .where('email', '=', TEST_ADMIN.email)
        .executeTakeFirstOrThrow()
    ).id;
    const family = await approvedFamily(h, adminToken);
    realIds['/families/{id}'] = family.id;
    realIds['/family-members/{id}'] = family.members[1]?.id ?? MISSING_ID;
    realIds['/employees/{id}'] = (await h.createEmployee({ permissions: BENEFICIARY_KEYS })).row.id;
    const org = await h.request('POST', '/api/orgs', {
      token: adminToken,
      body: { name: 'مؤسسة الاختبار', type: 'donor' },
    });
    if (org.statusCode === 201)
      realIds['/orgs/{id}'] = org.json<{ data: { id: number } }>().data.id;
    const season = await h.request('POST', '/api/seasons', {
      token: adminToken,
      body: {
        name: 'سلة رمضان للاختبار',
        kind: 'ramadan_basket',
        hijri_year: 1448,
        start_date: '2027-02-01',
        end_date: '2027-03-10',
      },
    });
    if (season.statusCode === 201)
      realIds['/seasons/{id}'] = season.json<{ data: { id: number } }>().data.id;
  }, 60_000);

  afterAll(() => {
    const counts = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status} × ${n}`);
    console.log(
      `fuzz [${h.target}]: ${sent} requests to ${perOperation.length} write endpoints; ${counts.join(', ')}\n${perOperation.join('\n')}`,
    );
  });

  async function operations(): Promise<Operation[]> {
    const response = await h.request('GET', '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const paths = response.json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
      >;
    }>().paths;
    return Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => WRITE_METHODS.includes(method))
        .map(([method, operation]) => ({
          method: method.toUpperCase() as Operation['method'],
          path,
          params: [...path.matchAll(/\{([A-Za-z_]+)\}/g)].map((match) => match[1] as string),
          body: operation.requestBody?.content['application/json']?.schema,
        })),
    );
  }

  /** The path with real ids where there are rows (the first parameter), the missing id elsewhere. */
  function pathWith(operation: Operation, override?: { param: string; raw: string }): string {
    let url = operation.path;
    operation.params.forEach((param, index) => {
      const prefix = operation.path.slice(
        0,
        operation.path.indexOf(`{${param}}`) + param.length + 2,
      );
      const real = index === 0 ? realIds[prefix] : undefined;
      url = url.replace(
        `{${param}}`,
        override?.param === param ? override.raw : String(real ?? MISSING_ID),
      );
    });
    return `/api${url}`;
  }

  function requestsFor(operation: Operation, token: () => string): FuzzRequest[] {
    const bodies = malformedBodies(operation);
    const requests: FuzzRequest[] = bodies.map((body) => ({
      url: pathWith(operation),
      body,
      token: token(),
    }));
    // Bodies against a row that does not exist as well: whatever a body says, nothing can change.
    if (operation.params.length > 0)
      requests.push(
        ...bodies.slice(0, 30).map((body) => ({
          url: `/api${operation.path.replace(/\{[A-Za-z_]+\}/g, String(MISSING_ID))}`,
          body,
          token: token(),
        })),
      );
    for (const param of operation.params) {
      for (const raw of MALFORMED_IDS)
        requests.push({ url: pathWith(operation, { param, raw }), body: '[]', token: token() });
    }
    for (const query of MALFORMED_QUERIES)
      requests.push({ url: `${pathWith(operation)}?${query}`, body: '[]', token: token() });
    return requests;
  }

  async function send(operation: Operation, request: FuzzRequest): Promise<LightMyRequestResponse> {
    const response = await h.request(operation.method, request.url, {
      token: request.token,
      ...(request.body !== undefined ? { rawBody: request.body } : {}),
      headers: { 'user-agent': 'fuzz' },
    });
    sent += 1;
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    return response;
  }

  const describeRequest = (
    operation: Operation,
    request: FuzzRequest,
    response: LightMyRequestResponse,
  ) =>
    `${operation.method} ${request.url.slice(0, 200)} body=${(request.body ?? '').slice(0, 200)} → ${response.statusCode} ${response.payload.slice(0, 200)}`;

  test('the OpenAPI description names exactly the write endpoints the contracts declare', async () => {
    const fuzzed = (await operations())
      .map((operation) => `${operation.method} ${operation.path}`)
      .sort();
    const declared = contractWriteEndpoints()
      .map((endpoint) => openApiKey(endpoint.method, endpoint.path))
      .sort();
    expect(declared.length).toBeGreaterThanOrEqual(60);
    expect(fuzzed).toEqual(declared);
  });

  test('≥ 100 malformed requests per write endpoint: no 5xx, no row changed', async () => {
    const failures: string[] = [];
    const writes = (await operations()).filter((operation) => !operation.path.endsWith('/logout'));
    expect(writes.length).toBeGreaterThanOrEqual(15);
    for (const operation of writes) {
      const requests = requestsFor(operation, () => adminToken);
      expect(requests.length).toBeGreaterThanOrEqual(100);
      expect(new Set(requests.map((request) => request.body)).size).toBeGreaterThanOrEqual(100);
      const before = await fingerprint(h.db);
      const counts = new Map<number, number>();
      for (const request of requests) {
        const response = await send(operation, request);
        counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500 || response.statusCode < 400)
          failures.push(describeRequest(operation, request, response));
        // Over the size limit: refused as too large, whatever else is wrong with the request.
        if ((request.body?.length ?? 0) > API_BODY_LIMIT && response.statusCode !== 413)
          failures.push(describeRequest(operation, request, response));
      }
      const changed = changedTables(before, await fingerprint(h.db));
      if (changed.length > 0)
        failures.push(
          `${operation.method} ${operation.path}: rows changed in ${changed.join(', ')}`,
        );
      perOperation.push(
        `  ${operation.method} ${operation.path}: ${requests.length} (${[...counts.entries()]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')})`,
      );
    }
    expect(failures).toEqual([]);
    // Its length grows with every write endpoint added (over 100 requests each): a bound for a
    // hung request, not a speed target, with room for a busy two-core machine.
  }, 360_000);

  test('logout (no body to refuse): each malformed request ends one fresh session and nothing else', async () => {
    const [logout] = (await operations()).filter((operation) => operation.path.endsWith('/logout'));
    expect(logout).toBeDefined();
    if (!logout) return;
    const tokens: string[] = [];
    for (let i = 0; i < 110; i += 1) tokens.push(await h.tokenFor(adminId));
    let next = 0;
    const requests = requestsFor(logout, () => tokens[next++ % tokens.length] as string).slice(
      0,
      110,
    );
    const before = await fingerprint(h.db, ['api_tokens', 'activity_log']);
    const logBefore = (await h.activityRows()).length;
    const failures: string[] = [];
    let loggedOut = 0;
    for (const request of requests) {
      const response = await send(logout, request);
      if (response.statusCode >= 500) failures.push(describeRequest(logout, request, response));
      if (response.statusCode === 200) loggedOut += 1;
    }
    perOperation.push(
      `  POST ${logout.path}: ${requests.length} (${loggedOut} logged out, the rest refused before the handler)`,
    );
    expect(failures).toEqual([]);
    expect(changedTables(before, await fingerprint(h.db, ['api_tokens', 'activity_log']))).toEqual(
      [],
    );
    const newRows = (await h.activityRows()).slice(logBefore);
    expect(newRows.map((row) => row.action)).toEqual(Array(loggedOut).fill('logout'));
    // The super admin's own session is untouched.
    expect((await h.request('GET', '/api/user', { token: adminToken })).statusCode).toBe(200);
  }, 60_000);
});
