import { sql, type Kysely, type Transaction } from 'kysely';
import { FAMILY_MESSAGES, isSuperAdmin, namesLookAlike, type FamilyRef } from 'shared-contracts';
import type { Database, EmployeeAccount } from '../../db/schema';
import type { Visibility } from './repository';
import type { FamilyWarning } from './schemas';
import { membersWithPaths, type FamilyWrite } from './write';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Medical data (health status, disabilities: reference §2.7) is shown to employees who edit
 * families (the researchers who record it) and to super admins; an employee who may only view
 * families gets members without those fields, and exports without those columns.
 */
export function visibilityFor(employee: Pick<EmployeeAccount, 'permissions' | 'role'>): Visibility {
  return { medical: isSuperAdmin(employee) || employee.permissions.includes('edit_families') };
}

export const CHECK_MESSAGES = {
  phoneInUse: (refs: readonly FamilyRef[]) =>
    `رقم الجوال مستخدم في ${refs.length === 1 ? 'أسرة أخرى' : 'أسر أخرى'}: ${refs.map((ref) => ref.file_number).join('، ')}`,
} as const;

/**
 * Families (other than `excludeFamilyId`, archived ones left out) using one of these phones as
 * their primary or alternative number, or as an active member's phone. Phones are compared in
 * their stored E.164 form.
 */
export async function familiesUsingPhones(
  db: Executor,
  phones: readonly string[],
  excludeFamilyId?: number | null,
): Promise<(FamilyRef & { phones: string[] })[]> {
  const wanted = [...new Set(phones)];
  if (wanted.length === 0) return [];
  let query = db
    .selectFrom('families as f')
    .select(['f.id', 'f.file_number', 'f.head_name', 'f.primary_phone', 'f.alt_phone'])
    .select((eb) =>
      eb
        .selectFrom('family_members as m')
        .select(sql<string[]>`coalesce(array_agg(distinct m.phone), '{}')`.as('phones'))
        .whereRef('m.family_id', '=', 'f.id')
        .where('m.active', '=', true)
        .where('m.phone', 'in', wanted)
        .as('member_phones'),
    )
    .where('f.status', '<>', 'archived')
    .where((eb) =>
      eb.or([
        eb('f.primary_phone', 'in', wanted),
        eb('f.alt_phone', 'in', wanted),
        eb(
          'f.id',
          'in',
          eb.selectFrom('family_members as m2').select('m2.family_id').where('m2.active', '=', true).where('m2.phone', 'in', wanted),
        ),
      ]),
    )
    .orderBy('f.id');
  if (excludeFamilyId) query = query.where('f.id', '<>', excludeFamilyId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    file_number: row.file_number,
    head_name: row.head_name,
    phones: [...new Set([row.primary_phone, row.alt_phone, ...(row.member_phones ?? [])].filter((phone): phone is string => phone !== null && wanted.includes(phone)))],
  }));
}

export interface SimilarMember {
  member_id: number;
  full_name: string;
  birth_date: string;
  family: FamilyRef;
}

/** Active members born on `birthDate` whose names look alike (`namesLookAlike`), outside `excludeFamilyId`. */
export async function similarMembers(
  db: Executor,
  fullName: string,
  birthDate: string,
  excludeFamilyId?: number | null,
): Promise<SimilarMember[]> {
  let query = db
    .selectFrom('family_members as m')
    .innerJoin('families as f', 'f.id', 'm.family_id')
    .select(['m.id', 'm.full_name', 'm.birth_date', 'f.id as family_id', 'f.file_number', 'f.head_name'])
    .where('m.active', '=', true)
    .where('m.birth_date', '=', birthDate)
    .orderBy('m.id');
  if (excludeFamilyId) query = query.where('m.family_id', '<>', excludeFamilyId);
  const rows = await query.execute();
  return rows
    .filter((row) => namesLookAlike(fullName, row.full_name))
    .map((row) => ({
      member_id: row.id,
      full_name: row.full_name,
      birth_date: row.birth_date ?? birthDate,
      family: { id: row.family_id, file_number: row.file_number, head_name: row.head_name },
    }));
}

/** The warnings of a family write: shared phones and look-alike members in other families. */
export async function familyWarnings(db: Executor, write: FamilyWrite, familyId: number): Promise<FamilyWarning[]> {
  const warnings: FamilyWarning[] = [];
  for (const field of ['primary_phone', 'alt_phone'] as const) {
    const phone = write[field];
    if (!phone) continue;
    const users = await familiesUsingPhones(db, [phone], familyId);
    if (users.length > 0) {
      const refs = users.map(({ id, file_number, head_name }) => ({ id, file_number, head_name }));
      warnings.push({ field, message: CHECK_MESSAGES.phoneInUse(refs), families: refs });
    }
  }
  for (const { path, member } of membersWithPaths(write)) {
    if (!member.birth_date) continue;
    const matches = await similarMembers(db, member.full_name, member.birth_date, familyId);
    const first = matches[0];
    if (first) {
      warnings.push({
        field: `${path}.full_name`,
        message: FAMILY_MESSAGES.similarMember(first.family),
        families: matches.map((match) => match.family),
      });
    }
  }
  return warnings;
}
