import type { Transaction } from 'kysely';
import { normaliseArabic } from 'shared-contracts';
import { SEEDED_PERMISSION_GROUPS } from 'shared-contracts/admin';
import type { SeedContext } from '../../db/seed';
import type { Database } from '../../db/tables';
import { orderedKeys } from './repository';

/**
 * The four starting groups (the usual roles of a charity's staff): on every new database, demo or
 * not.
 */
export async function seedPermissionGroups(
  trx: Transaction<Database>,
  context: SeedContext,
): Promise<void> {
  const author = context.employees.get('admin') ?? null;
  await trx
    .insertInto('permission_groups')
    .values(
      SEEDED_PERMISSION_GROUPS.map((group) => ({
        name: group.name,
        name_normalized: normaliseArabic(group.name),
        description: group.description,
        permissions: orderedKeys(group.permissions),
        search_text: normaliseArabic(`${group.name} ${group.description}`),
        created_by: author,
        updated_by: author,
      })),
    )
    .execute();
}
