import type { Kysely } from 'kysely';
import type { AccessSubject } from 'shared-contracts';
import {
  PERMISSION_GROUP_MESSAGES as MESSAGES,
  permissionGroupChangeRefusals,
  type PermissionGroupInput,
} from 'shared-contracts/admin';
import { isUniqueViolation } from '../../db/errors';
import type { Database, Executor } from '../../db/tables';
import { conflict, forbidden, HttpError } from '../../http/errors';
import type { ChangeAuthor } from '../../http/request-meta';
import { diffChanges, recordChange } from '../activity-log';
import {
  deleteGroupRow,
  groupColumns,
  groupNameTaken,
  insertGroup,
  isMember,
  lockGroup,
  memberIdsOf,
  orderedKeys,
  updateGroupRow,
} from './repository';

/** Permission groups' commands: the grant rules, each change in one transaction with its activity row. */

type Actor = AccessSubject & { id: number };

const audited = (group: {
  name: string;
  description: string | null;
  permissions: readonly string[];
}) => ({
  name: group.name,
  description: group.description,
  permissions: orderedKeys(group.permissions),
});

const duplicateName = () => conflict(MESSAGES.duplicateName, { name: [MESSAGES.duplicateName] });

async function assertUniqueName(db: Executor, name: string, excludeId?: number): Promise<void> {
  if (await groupNameTaken(db, name, excludeId)) throw duplicateName();
}

/** The grant rules as answers: 403 with the reason, or 422 on `permissions`. */
function refuse(refusals: readonly { status: 403 | 422; message: string }[]): void {
  const [first] = refusals;
  if (!first) return;
  if (first.status === 403) throw forbidden(first.message);
  throw new HttpError(422, first.message, {
    permissions: refusals.map((refusal) => refusal.message),
  });
}

async function uniqueRace<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}

export async function createGroup(
  db: Kysely<Database>,
  input: PermissionGroupInput,
  actor: Actor,
  author: ChangeAuthor,
): Promise<number> {
  const permissions = orderedKeys(input.permissions);
  refuse(permissionGroupChangeRefusals(actor, null, permissions, false));
  return uniqueRace(() =>
    db.transaction().execute(async (trx) => {
      await assertUniqueName(trx, input.name);
      const row = await insertGroup(trx, {
        ...groupColumns(input, permissions),
        created_by: author.id,
        updated_by: author.id,
      });
      await recordChange(trx, author, {
        action: 'create',
        entityType: 'permission_group',
        entityId: row.id,
        entityLabel: row.name,
        changes: diffChanges(
          null,
          audited({ name: input.name, description: input.description ?? null, permissions }),
        ),
      });
      return row.id;
    }),
  );
}

/**
 * Edits a group; answers the ids of its members (whose sessions the caller forgets after the
 * commit), or `undefined` when there is no such group.
 */
export async function updateGroup(
  db: Kysely<Database>,
  id: number,
  input: PermissionGroupInput,
  actor: Actor,
  author: ChangeAuthor,
): Promise<number[] | undefined> {
  const permissions = orderedKeys(input.permissions);
  return uniqueRace(() =>
    db.transaction().execute(async (trx) => {
      const before = await lockGroup(trx, id);
      if (!before) return undefined;
      // Judged against the locked row: a concurrent edit cannot slip a key past the rules.
      refuse(
        permissionGroupChangeRefusals(
          actor,
          orderedKeys(before.permissions),
          permissions,
          await isMember(trx, id, actor.id),
        ),
      );
      await assertUniqueName(trx, input.name, id);
      const changes = diffChanges(
        audited(before),
        audited({ name: input.name, description: input.description ?? null, permissions }),
      );
      const members = await memberIdsOf(trx, id);
      if (Object.keys(changes).length === 0) return members;
      await updateGroupRow(trx, id, {
        ...groupColumns(input, permissions),
        updated_at: new Date(),
        updated_by: author.id,
      });
      await recordChange(trx, author, {
        action: 'update',
        entityType: 'permission_group',
        entityId: id,
        entityLabel: input.name,
        changes,
      });
      return members;
    }),
  );
}

/** Deletes an unused group (409 while anyone belongs to it); false when there is no such group. */
export async function deleteGroup(
  db: Kysely<Database>,
  id: number,
  author: ChangeAuthor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await lockGroup(trx, id);
    if (!before) return false;
    if ((await memberIdsOf(trx, id)).length > 0) throw conflict(MESSAGES.inUse);
    // A member added between the check and the delete: the foreign key decides.
    if (!(await deleteGroupRow(trx, id))) throw conflict(MESSAGES.inUse);
    await recordChange(trx, author, {
      action: 'delete',
      entityType: 'permission_group',
      entityId: id,
      entityLabel: before.name,
      changes: Object.fromEntries(
        Object.entries(audited(before)).map(([field, value]) => [field, [value, null]]),
      ),
    });
    return true;
  });
}
