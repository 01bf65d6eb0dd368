import { sql, type Kysely } from 'kysely';
import { ARABIC_MESSAGES, type LookupRef } from 'shared-contracts';
import {
  BENEFICIARY_LOOKUP_NAMES,
  BENEFICIARY_LOOKUPS,
  type BeneficiaryLookupName,
  type LookupItem,
  type Researcher,
} from 'shared-contracts/beneficiaries';
import type { Database, Executor } from '../../../db/tables';
import type { FieldErrors } from '../../../http/errors';
import type { LookupRow } from '../tables';

export const LOOKUP_MESSAGES = {
  unknown: ARABIC_MESSAGES.invalidEnum,
  inactive: 'هذه القيمة لم تعد متاحة، اختر قيمة أخرى',
  districtOutsideCity: 'الحي المختار لا يتبع المدينة المختارة',
} as const;

/**
 * Adds every entry of the contracts' lookup lists that the table does not have yet (by list
 * name + code). Runs on every start: a new code in shared-contracts reaches old databases,
 * while labels, order and deactivations edited by admins are never overwritten.
 */
export async function syncLookups(db: Executor): Promise<number> {
  const rows = BENEFICIARY_LOOKUP_NAMES.flatMap((name) =>
    (BENEFICIARY_LOOKUPS[name].items as readonly (LookupItem & { city?: string })[]).map(
      (item, index) => ({
        name,
        code: item.code,
        label_ar: item.label,
        parent_code: item.city ?? null,
        sort: (index + 1) * 10,
      }),
    ),
  );
  const inserted = await db
    .insertInto('lookups')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['name', 'code']).doNothing())
    .returning('code')
    .execute();
  return inserted.length;
}

/**
 * Every lookup entry, loaded once per request that needs labels or validates codes (a few
 * hundred rows): labels in responses always say what the table says now.
 */
export class LookupSet {
  private readonly byKey = new Map<string, LookupRow>();
  private readonly byName = new Map<string, LookupRow[]>();

  constructor(rows: readonly LookupRow[]) {
    for (const row of rows) {
      this.byKey.set(`${row.name}\u0000${row.code}`, row);
      const list = this.byName.get(row.name) ?? [];
      list.push(row);
      this.byName.set(row.name, list);
    }
    for (const list of this.byName.values())
      list.sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code));
  }

  get(name: BeneficiaryLookupName, code: string): LookupRow | undefined {
    return this.byKey.get(`${name}\u0000${code}`);
  }

  list(name: BeneficiaryLookupName): readonly LookupRow[] {
    return this.byName.get(name) ?? [];
  }

  /** The Arabic label (the code itself when the entry is unknown, so a row never shows blank). */
  label(name: BeneficiaryLookupName, code: string): string {
    return this.get(name, code)?.label_ar ?? code;
  }

  ref(name: BeneficiaryLookupName, code: string | null | undefined): LookupRef | null {
    if (code === null || code === undefined || code === '') return null;
    return { code, label: this.label(name, code) };
  }

  refs(name: BeneficiaryLookupName, codes: readonly string[]): LookupRef[] {
    return codes.map((code) => ({ code, label: this.label(name, code) }));
  }

  /** A distribution's items with their labels: `[{ item: { code, label }, quantity }]`. */
  itemsOf(
    items: readonly { distribution_id: number; item: string; quantity: number }[],
    distributionId: number,
  ) {
    return items
      .filter((item) => item.distribution_id === distributionId)
      .map((item) => ({
        item: { code: item.item, label: this.label('distribution_item_kinds', item.item) },
        quantity: item.quantity,
      }));
  }
}

export async function loadLookups(db: Executor): Promise<LookupSet> {
  return new LookupSet(await db.selectFrom('lookups').selectAll().execute());
}

/** The key of a held code in the `held` set of `checkLookupCode`. */
export const heldKey = (name: BeneficiaryLookupName, code: string) => `${name}:${code}`;

/**
 * Checks that `code` exists in the list and is active. An inactive code is still accepted when
 * the record already holds it (`held` has `heldKey(name, code)`), so editing an old record never
 * forces a change.
 */
export function checkLookupCode(
  lookups: LookupSet,
  errors: FieldErrors,
  path: string,
  name: BeneficiaryLookupName,
  code: string | null | undefined,
  held: ReadonlySet<string> = new Set(),
): void {
  if (code === null || code === undefined) return;
  const entry = lookups.get(name, code);
  if (!entry) errors.add(path, LOOKUP_MESSAGES.unknown);
  else if (!entry.active && !held.has(heldKey(name, code)))
    errors.add(path, LOOKUP_MESSAGES.inactive);
}

/** Employees who may work on families: active, holding show_families or edit_families. */
const RESEARCHER = sql<boolean>`permissions && array['show_families', 'edit_families']::text[]`;

/** Every researcher a family may be assigned to, by name. */
export function listResearchers(db: Kysely<Database>): Promise<Researcher[]> {
  return db
    .selectFrom('employees')
    .select(['id', 'name', 'email'])
    .where('active', '=', true)
    .where(RESEARCHER)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** True when the employee may be assigned to a family (see `listResearchers`). */
export async function isResearcher(db: Executor, employeeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('employees')
    .select('id')
    .where('id', '=', employeeId)
    .where('active', '=', true)
    .where(RESEARCHER)
    .executeTakeFirst();
  return row !== undefined;
}
