import type { Generated, Selectable } from 'kysely';
import type { AuditColumns, Flag, NullableInt, NullableMoney, NullableText } from '../../db/tables';

declare module '../../db/tables' {
  interface Database {
    service_departments: ServiceDepartmentsTable;
    service_axes: ServiceAxesTable;
    service_types: ServiceTypesTable;
  }
}

/** The columns every catalogue entry has: its name (unique once Arabic-normalised), active flag and search haystack. */
interface CatalogueColumns extends AuditColumns {
  id: Generated<number>;
  name: string;
  name_normalized: string;
  active: Flag;
  search_text: string;
}

export interface ServiceDepartmentsTable extends CatalogueColumns {
  manager_id: NullableInt;
}

export interface ServiceAxesTable extends CatalogueColumns {
  description: NullableText;
}

export interface ServiceTypesTable extends CatalogueColumns {
  department_id: number;
  axis_id: number;
  default_cost: NullableMoney;
  unit: NullableText;
  is_medical: Flag;
}

export type ServiceDepartmentRow = Selectable<ServiceDepartmentsTable>;
export type ServiceAxisRow = Selectable<ServiceAxesTable>;
export type ServiceTypeRow = Selectable<ServiceTypesTable>;
