import { sql, type Kysely, type Transaction } from 'kysely';
import { PERMISSION_KEYS, type PermissionKey } from 'shared-contracts';
import type { SeedContext } from '../../db/seed';
import type { Database } from '../../db/tables';
import { hashPassword, verifyPassword } from '../sessions';
import { countEmployees, insertEmployee, normaliseEmail, sortPermissions } from './repository';

export const SUPER_ADMIN_NAME = 'مدير النظام';
export const SUPER_ADMIN_ROLE = 'Super Admin';
/** Every demo employee signs in with this password (documented in the README; local use only). */
export const DEMO_PASSWORD = 'Ataa@12345';

export interface DemoAccount {
  /** A short handle for tests and docs. */
  key: 'researcher' | 'accountant' | 'coordinator' | 'hr' | 'inactive';
  name: string;
  email: string;
  password: string;
  role: string;
  active: boolean;
  permissions: readonly PermissionKey[];
}

/**
 * The demo employees (SEED_DEMO): permission sets chosen so each sidebar variant can be seen,
 * including the special rows (axes and sectors without show_services) and an inactive account.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'researcher',
    name: 'نورة بنت سعد العتيبي',
    email: 'researcher@ataa.local',
    password: DEMO_PASSWORD,
    role: 'باحثة اجتماعية',
    active: true,
    permissions: [
      'show_index',
      'show_families',
      'create_families',
      'edit_families',
      'show_orgs',
      'create_orgs',
      'edit_orgs',
      'show_seasonal',
      'create_seasonal',
      'edit_seasonal',
    ],
  },
  {
    key: 'accountant',
    name: 'خالد بن عبدالله الشمري',
    email: 'accountant@ataa.local',
    password: DEMO_PASSWORD,
    role: 'محاسب',
    active: true,
    permissions: ['show_financial', 'show_reports'],
  },
  {
    key: 'coordinator',
    name: 'سارة بنت محمد القحطاني',
    email: 'coordinator@ataa.local',
    password: DEMO_PASSWORD,
    role: 'منسقة خدمات',
    active: true,
    permissions: ['show_axise', 'show_departments'],
  },
  {
    key: 'hr',
    name: 'فهد بن ناصر الحربي',
    email: 'hr@ataa.local',
    password: DEMO_PASSWORD,
    role: 'مسؤول شؤون الموظفين',
    active: true,
    permissions: ['show_index', 'show_permissions_employees'],
  },
  {
    key: 'inactive',
    name: 'عبدالرحمن بن علي الدوسري',
    email: 'inactive@ataa.local',
    password: DEMO_PASSWORD,
    role: 'موظف استقبال',
    active: false,
    permissions: ['show_index', 'show_families'],
  },
];

/**
 * On a new database (no employees yet): the first super admin, plus the demo employees when
 * asked; answers false (nothing seeded) on a database that has any employee. Their ids go into
 * `context.employees` (`admin`, then each demo account's key) for the modules seeded after.
 */
export async function seedEmployees(
  trx: Transaction<Database>,
  context: SeedContext,
): Promise<boolean> {
  if ((await countEmployees(trx)) > 0) return false;
  const accounts = [
    {
      key: 'admin',
      name: SUPER_ADMIN_NAME,
      email: context.admin.email,
      password: context.admin.password,
      role: SUPER_ADMIN_ROLE,
      active: true,
      permissions: [...PERMISSION_KEYS],
    },
    ...(context.demo
      ? DEMO_ACCOUNTS.map((account) => ({ ...account, permissions: [...account.permissions] }))
      : []),
  ];
  // Hash before taking the lock: argon2 is slow and the lock below should be short.
  const hashes = await Promise.all(accounts.map((account) => hashPassword(account.password)));
  // Two processes starting on one new database must not both seed.
  await sql`lock table employees in share row exclusive mode`.execute(trx);
  if ((await countEmployees(trx)) > 0) return false;
  for (const [index, account] of accounts.entries()) {
    const row = await insertEmployee(trx, {
      name: account.name,
      email: account.email,
      passwordHash: hashes[index] ?? '',
      active: account.active,
      role: account.role,
      permissions: sortPermissions(account.permissions, PERMISSION_KEYS),
    });
    context.employees.set(account.key, row.id);
  }
  return true;
}

/**
 * The active accounts among `emails` whose password is still `password`: a production start
 * refuses to serve while the first super admin or a demo account signs in with the published one
 * (a database seeded for evaluation and then put into production keeps them).
 */
export async function accountsWithPassword(
  db: Kysely<Database>,
  emails: readonly string[],
  password: string,
): Promise<string[]> {
  const wanted = [...new Set(emails.map(normaliseEmail))];
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('employees')
    .select(['email', 'password_hash'])
    .where('email', 'in', wanted)
    .where('active', '=', true)
    .orderBy('id')
    .execute();
  const matches: string[] = [];
  for (const row of rows)
    if (await verifyPassword(row.password_hash, password)) matches.push(row.email);
  return matches;
}
