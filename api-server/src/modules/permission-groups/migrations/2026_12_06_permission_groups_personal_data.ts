import { sql } from 'kysely';
import type { MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

// Spelled out, not read from the contracts: a shipped migration must not change when they do.
const KEYS = ['manage_personal_data', 'anonymise_families'];
const GROUP = {
  name: 'مسؤول حماية البيانات',
  description: 'موافقات الأسر على معالجة بياناتها، ومن اطّلع على ملفاتها، ومحو البيانات الشخصية',
  permissions: ['show_index', 'show_families', 'manage_personal_data', 'anonymise_families'],
  // normaliseArabic of the name, and of the name and description (the seed's search text).
  nameNormalised: 'مسوول حمايه البيانات',
  searchText:
    'مسوول حمايه البيانات موافقات الاسر علي معالجه بياناتها، ومن اطلع علي ملفاتها، ومحو البيانات الشخصيه',
};
const SUPER_ADMIN = sql<boolean>`lower(regexp_replace(coalesce(role, ''), '[[:space:]]', '', 'g')) = 'superadmin'`;

/**
 * The personal-data keys on a database seeded before they existed (docs/personal-data.md): every
 * super admin gets both, and the «مسؤول حماية البيانات» group is added unless one of that name
 * exists. A new database has no employees yet when this runs: its seed does both itself.
 */
export const personalDataPermissionsMigration: NamedMigration = {
  name: '2026_12_06_permission_groups_personal_data',
  async up(db: MigrationDb) {
    const seeded = await db
      .selectFrom('employees')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    if (Number(seeded.n) === 0) return;
    for (const key of KEYS) {
      await db
        .updateTable('employees')
        .set({ permissions: sql`array_append(permissions, ${key}::text)` })
        .where(SUPER_ADMIN)
        .where(sql<boolean>`not (${key}::text = any(permissions))`)
        .execute();
    }
    const existing = await db
      .selectFrom('permission_groups')
      .select('id')
      .where((eb) =>
        eb.or([eb('name', '=', GROUP.name), eb('name_normalized', '=', GROUP.nameNormalised)]),
      )
      .executeTakeFirst();
    if (existing) return;
    await db
      .insertInto('permission_groups')
      .values({
        name: GROUP.name,
        name_normalized: GROUP.nameNormalised,
        description: GROUP.description,
        permissions: sql`${sql.val(GROUP.permissions)}::text[]`,
        search_text: GROUP.searchText,
      })
      .execute();
  },
  async down() {
    // Keys granted and a group added are data an administrator may since have changed: kept.
  },
};
