/** The query and response schemas are the declaration's (`activityLogEndpoints`, shared-contracts). */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `filter[from]`/`filter[to]` are calendar dates, both inclusive, read as UTC days: `to`
 * becomes an exclusive bound at the start of the next day.
 */
export function dateRange(from?: string, to?: string): { from?: Date; before?: Date } {
  return {
    from: from ? new Date(`${from}T00:00:00.000Z`) : undefined,
    before: to ? new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY_MS) : undefined,
  };
}
