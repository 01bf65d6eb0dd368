import { activityLogListResponseSchema } from 'shared-contracts/admin';
import type { TestHarness } from './harness';

/** One page of GET /api/activity-log as the holder of `token`: a 200, parsed by the contract's list schema. */
export async function listActivityLog(
  h: TestHarness,
  token: string,
  query: Record<string, string> = {},
) {
  const response = await h.request('GET', '/api/activity-log', { token, query });
  expect(response.statusCode).toBe(200);
  return activityLogListResponseSchema.parse(response.json());
}
