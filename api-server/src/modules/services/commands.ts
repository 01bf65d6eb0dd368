import type { Kysely, Transaction } from 'kysely';
import { todayIso } from 'shared-contracts';
import { familyStatusSchema } from 'shared-contracts/beneficiaries';
import {
  SERVICE_LOCKED_FIELDS,
  SERVICE_MESSAGES,
  SERVICE_STATUS_CAPABILITIES,
  familyServiceRefusal,
  serviceEditError,
  serviceLockedFieldsError,
  serviceRequiresReason,
  serviceStatusLabel,
  serviceTransitionError,
  type ServiceInput,
  type ServiceStatus,
  type ServiceStatusChange,
} from 'shared-contracts/services';
import type { Database, Executor } from '../../db/tables';
import { conflict, FieldErrors, unprocessable } from '../../http/errors';
import type { ChangeAuthor } from '../../http/request-meta';
import { diffChanges, recordChange } from '../activity-log';
import { familyLabel } from '../families';
import { serviceTypeFacts } from '../service-catalogue';
import {
  activeEmployee,
  activeMemberOf,
  activeOrganisation,
  familyNames,
  insertService,
  insertStatusHistory,
  lockFamily,
  lockService,
  memberName,
  nameOf,
  updateServiceRow,
} from './repository';
import type { ServiceRow } from './tables';

/**
 * The services' writes, each in one transaction with its status-history row (on a status change
 * or the request itself) and its activity-log row (on the family's timeline too). The checks
 * answer 422 on the field with the Arabic reason (inactive type, family not servable, member of
 * another family, unknown employee or organisation, a field the status does not allow yet) and
 * 409 for what the workflow refuses (a closed service, a transition off the workflow).
 */

type Columns = Omit<
  ServiceRow,
  | 'id'
  | 'status'
  | 'status_reason'
  | 'status_changed_at'
  | 'status_changed_by'
  | 'created_at'
  | 'created_by'
  | 'updated_at'
  | 'updated_by'
>;

/** The stored columns of an input; on create, `requested_by` defaults to the author and `cost` to the type's default cost × quantity. */
function serviceColumns(
  input: ServiceInput,
  defaults: { requestedBy: number | null; cost: number | null },
): Columns {
  return {
    service_type_id: input.service_type_id,
    family_id: input.family_id,
    member_id: input.member_id ?? null,
    requested_by: input.requested_by_id ?? defaults.requestedBy,
    provider_id: input.provider_id ?? null,
    implementing_org_id: input.implementing_org_id ?? null,
    request_date: input.request_date,
    approval_date: input.approval_date ?? null,
    expected_date: input.expected_date ?? null,
    delivery_date: input.delivery_date ?? null,
    quantity: input.quantity,
    cost: input.cost ?? defaults.cost,
    details: input.details ?? null,
    follow_up_recommendations: input.follow_up_recommendations ?? null,
    beneficiary_satisfaction: input.beneficiary_satisfaction ?? null,
  };
}

/** Money × quantity, to the halala. */
const timesQuantity = (unitCost: number | null, quantity: number) =>
  unitCost === null ? null : Math.round(Number(unitCost) * quantity * 100) / 100;

/**
 * Every rule of a create or an edit beyond the body's schema, collected into one 422. `before` is
 * the stored service on an edit: what it already holds (its type, family, member, employees,
 * organisation) stays accepted even when it would no longer be chosen.
 */
async function checkService(
  trx: Transaction<Database>,
  columns: Columns,
  status: ServiceStatus,
  before?: ServiceRow,
) {
  const errors = new FieldErrors();
  const changed = <K extends keyof Columns>(key: K) =>
    before === undefined || before[key] !== columns[key];

  const type = await serviceTypeFacts(trx, columns.service_type_id);
  if (!type || (changed('service_type_id') && !type.active))
    errors.add('service_type_id', SERVICE_MESSAGES.typeInactive);

  const family = await lockFamily(trx, columns.family_id);
  if (!family) errors.add('family_id', SERVICE_MESSAGES.familyNotFound);
  else if (changed('family_id')) {
    const refusal = familyServiceRefusal(familyStatusSchema.parse(family.status));
    if (refusal) errors.add('family_id', refusal);
  }

  if (columns.member_id !== null && family && (changed('member_id') || changed('family_id'))) {
    if (!(await activeMemberOf(trx, columns.member_id, columns.family_id)))
      errors.add('member_id', SERVICE_MESSAGES.memberNotInFamily);
  }

  for (const [field, column] of [
    ['requested_by_id', 'requested_by'],
    ['provider_id', 'provider_id'],
  ] as const) {
    const id = columns[column];
    if (id !== null && changed(column) && !(await activeEmployee(trx, id)))
      errors.add(field, SERVICE_MESSAGES.employeeNotFound);
  }

  if (columns.implementing_org_id !== null && changed('implementing_org_id')) {
    if (!(await activeOrganisation(trx, columns.implementing_org_id)))
      errors.add('implementing_org_id', SERVICE_MESSAGES.organisationNotFound);
  }

  const capabilities = SERVICE_STATUS_CAPABILITIES[status];
  if (!capabilities.approval_date && columns.approval_date !== null)
    errors.add('approval_date', SERVICE_MESSAGES.approvalDateNotYet);
  if (!capabilities.delivery && columns.delivery_date !== null)
    errors.add('delivery_date', SERVICE_MESSAGES.deliveryDateNotYet);
  if (!capabilities.delivery && columns.beneficiary_satisfaction !== null)
    errors.add('beneficiary_satisfaction', SERVICE_MESSAGES.satisfactionNotYet);

  errors.throwIfAny();
  // Both exist once the checks passed (`throwIfAny` threw otherwise).
  if (!type || !family) throw new Error('service checks passed without a type or a family');
  return { type, family };
}

/** The names the activity log records instead of ids, for the audited fields. */
async function auditedService(db: Executor, columns: Columns) {
  const name = (table: 'service_types' | 'employees' | 'organisations', id: number | null) =>
    nameOf(db, table, id);
  const family = await familyNames(db, columns.family_id);
  const member = await memberName(db, columns.member_id);
  return {
    service_type: await name('service_types', columns.service_type_id),
    family: family ? familyLabel(family) : null,
    member,
    requested_by: await name('employees', columns.requested_by),
    provider: await name('employees', columns.provider_id),
    implementing_org: await name('organisations', columns.implementing_org_id),
    request_date: columns.request_date,
    approval_date: columns.approval_date,
    expected_date: columns.expected_date,
    delivery_date: columns.delivery_date,
    quantity: columns.quantity,
    cost: columns.cost === null ? null : Number(columns.cost),
    details: columns.details,
    follow_up_recommendations: columns.follow_up_recommendations,
    beneficiary_satisfaction: columns.beneficiary_satisfaction,
  };
}

const entityLabel = (typeName: string, family: { file_number: string; head_name: string }) =>
  `${typeName} — ${familyLabel(family)}`;

function pickColumns(row: ServiceRow): Columns {
  const {
    id: _id,
    status: _s,
    status_reason: _r,
    status_changed_at: _a,
    status_changed_by: _b,
    created_at: _c,
    created_by: _cb,
    updated_at: _u,
    updated_by: _ub,
    ...columns
  } = row;
  return columns;
}

/** Records a requested service (status `requested`, its first history row) and logs it; answers its id. */
export async function createService(
  db: Kysely<Database>,
  input: ServiceInput,
  author: ChangeAuthor,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const type = await serviceTypeFacts(trx, input.service_type_id);
    const columns = serviceColumns(input, {
      requestedBy: author.id,
      cost: timesQuantity(type?.default_cost ?? null, input.quantity),
    });
    const { family } = await checkService(trx, columns, 'requested');
    const now = new Date();
    const id = await insertService(trx, {
      ...columns,
      status: 'requested',
      status_changed_at: now,
      status_changed_by: author.id,
      created_by: author.id,
      updated_by: author.id,
    });
    await insertStatusHistory(trx, {
      service_id: id,
      from_status: null,
      to_status: 'requested',
      reason: null,
      at: now,
      by: author.id,
    });
    await recordChange(trx, author, {
      action: 'create',
      entityType: 'service',
      entityId: id,
      entityLabel: entityLabel(type?.name ?? '', family),
      changes: diffChanges(null, { ...(await auditedService(trx, columns)), status: 'requested' }),
      familyId: family.id,
    });
    return id;
  });
}

/** Equal as stored: money comes back from the database as text (`'1200.00'`) and goes in as a number. */
function sameValue(stored: unknown, given: unknown): boolean {
  if (stored === null || given === null) return stored === given;
  return String(stored) === String(given) || Number(stored) === Number(given);
}

/** Edits a service (not its status) and logs the fields that changed. False when there is no such service. */
export async function updateService(
  db: Kysely<Database>,
  id: number,
  input: ServiceInput,
  author: ChangeAuthor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await lockService(trx, id);
    if (!before) return false;
    const status = before.status;
    const closed = serviceEditError(status);
    if (closed) throw conflict(closed);
    const columns = serviceColumns(input, { requestedBy: null, cost: null });
    // A delivered service is closed: what was given, to whom and at what cost stays as recorded.
    const locked = serviceLockedFieldsError(status);
    if (locked && SERVICE_LOCKED_FIELDS.some((field) => !sameValue(before[field], columns[field])))
      throw conflict(locked);
    const { type, family } = await checkService(trx, columns, status, before);
    const changes = diffChanges(
      await auditedService(trx, pickColumns(before)),
      await auditedService(trx, columns),
    );
    await updateServiceRow(trx, id, { ...columns, updated_at: new Date(), updated_by: author.id });
    if (Object.keys(changes).length > 0) {
      await recordChange(trx, author, {
        action: 'update',
        entityType: 'service',
        entityId: id,
        entityLabel: entityLabel(type.name, family),
        changes,
        familyId: family.id,
      });
      // A service moved to another family shows on the old family's timeline as well.
      if (before.family_id !== family.id) {
        await recordChange(trx, author, {
          action: 'update',
          entityType: 'service',
          entityId: id,
          entityLabel: entityLabel(type.name, family),
          changes: { family: changes.family ?? [null, null] },
          familyId: before.family_id,
        });
      }
    }
    return true;
  });
}

/**
 * Moves a service along its workflow: 409 off the workflow; approving needs a servable family
 * (422 on `family_id`); approving and delivering record their date (the body's, else today; 422
 * on `date` before the request or the approval). Rejecting and cancelling keep their reason.
 * False when there is no such service.
 */
export async function changeServiceStatus(
  db: Kysely<Database>,
  id: number,
  change: ServiceStatusChange,
  author: ChangeAuthor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const service = await lockService(trx, id);
    if (!service) return false;
    const from = service.status;
    const to = change.status;
    const refused = serviceTransitionError(from, to);
    if (refused) throw conflict(refused, { status: [refused] });

    const family = await lockFamily(trx, service.family_id);
    if (!family) throw unprocessable({ family_id: [SERVICE_MESSAGES.familyNotFound] });
    if (to === 'approved') {
      const refusal = familyServiceRefusal(familyStatusSchema.parse(family.status));
      if (refusal) throw unprocessable({ family_id: [refusal] }, refusal);
    }

    const date = change.date ?? todayIso();
    const dates: { approval_date?: string; delivery_date?: string } = {};
    if (to === 'approved') {
      if (date < service.request_date)
        throw unprocessable({ date: [SERVICE_MESSAGES.statusDateBeforeRequest] });
      dates.approval_date = date;
    }
    if (to === 'delivered') {
      if (date < service.request_date)
        throw unprocessable({ date: [SERVICE_MESSAGES.statusDateBeforeRequest] });
      if (service.approval_date !== null && date < service.approval_date)
        throw unprocessable({ date: [SERVICE_MESSAGES.deliveryBeforeApproval] });
      dates.delivery_date = date;
    }

    const reason = change.reason && change.reason !== '' ? change.reason : null;
    const statusReason = serviceRequiresReason(to) ? reason : service.status_reason;
    const now = new Date();
    await updateServiceRow(trx, id, {
      status: to,
      status_reason: statusReason,
      status_changed_at: now,
      status_changed_by: author.id,
      ...dates,
      updated_at: now,
      updated_by: author.id,
    });
    await insertStatusHistory(trx, {
      service_id: id,
      from_status: from,
      to_status: to,
      reason,
      at: now,
      by: author.id,
    });
    const type = await serviceTypeFacts(trx, service.service_type_id);
    await recordChange(trx, author, {
      action: 'status_change',
      entityType: 'service',
      entityId: id,
      entityLabel: `${entityLabel(type?.name ?? '', family)}: ${serviceStatusLabel(from)} ← ${serviceStatusLabel(to)}`,
      changes: {
        status: [from, to],
        ...(statusReason !== service.status_reason
          ? { status_reason: [service.status_reason, statusReason] }
          : {}),
        ...(dates.approval_date !== undefined && dates.approval_date !== service.approval_date
          ? { approval_date: [service.approval_date, dates.approval_date] }
          : {}),
        ...(dates.delivery_date !== undefined && dates.delivery_date !== service.delivery_date
          ? { delivery_date: [service.delivery_date, dates.delivery_date] }
          : {}),
      },
      familyId: family.id,
    });
    return true;
  });
}
