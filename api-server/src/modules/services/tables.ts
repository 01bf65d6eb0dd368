import type { Generated, Selectable } from 'kysely';
import type { ServiceStatus } from 'shared-contracts/services';
import type {
  AuditColumns,
  CreatedAt,
  DateText,
  NullableDate,
  NullableInt,
  NullableMoney,
  NullableText,
  NullableTimestamp,
} from '../../db/tables';

declare module '../../db/tables' {
  interface Database {
    services: ServicesTable;
    service_status_history: ServiceStatusHistoryTable;
  }
}

export interface ServicesTable extends AuditColumns {
  id: Generated<number>;
  service_type_id: number;
  family_id: number;
  member_id: NullableInt;
  requested_by: NullableInt;
  provider_id: NullableInt;
  implementing_org_id: NullableInt;
  request_date: DateText;
  approval_date: NullableDate;
  expected_date: NullableDate;
  delivery_date: NullableDate;
  quantity: number;
  cost: NullableMoney;
  status: ServiceStatus;
  status_reason: NullableText;
  status_changed_at: NullableTimestamp;
  status_changed_by: NullableInt;
  details: NullableText;
  follow_up_recommendations: NullableText;
  beneficiary_satisfaction: NullableInt;
}

/** One row per status a service entered, the request itself included (`from_status` null). */
export interface ServiceStatusHistoryTable {
  id: Generated<number>;
  service_id: number;
  from_status: ServiceStatus | null;
  to_status: ServiceStatus;
  reason: string | null;
  at: CreatedAt;
  by: number | null;
}

export type ServiceRow = Selectable<ServicesTable>;
