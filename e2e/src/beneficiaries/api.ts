import { E2E_PORTS } from '../ports';

/** The e2e site's API (serve-site.ts), for what the browser cannot see: the activity log, totals. */
export const API_URL = `http://127.0.0.1:${E2E_PORTS.api}/api`;

export async function apiToken(email: string, password: string): Promise<string> {
  const response = await fetch(`${API_URL}/auth/create/sanctum/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`API login as ${email} answered ${response.status}`);
  const body = (await response.json()) as { data: { token: string } };
  return body.data.token;
}

export async function apiGet<T>(
  token: string,
  path: string,
  params: Record<string, string> = {},
): Promise<T> {
  const url = new URL(`${API_URL}${path}`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok)
    throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export interface ActivityEntry {
  id: number;
  employee_id: number | null;
  employee_name: string | null;
  action: string;
  entity_type: string | null;
  entity_label: string | null;
  changes: Record<string, [unknown, unknown]> | null;
}

/** A family of the demo data as the tests use it. */
export interface DemoFamily {
  id: number;
  file_number: string;
  head_name: string;
}

/** The approved family with the lowest file number (the tests that need any approved family). */
export async function firstApprovedFamily(token: string): Promise<DemoFamily> {
  const approved = await apiGet<{ data: DemoFamily[] }>(token, '/families', {
    'filter[status]': 'approved',
    per_page: '1',
    sort: 'file_number',
  });
  const first = approved.data[0];
  if (!first) throw new Error('The demo data has no approved family');
  return first;
}
