import type { Generated, Selectable } from 'kysely';
import type { AuditColumns, DateText, NullableMoney, NullableText } from '../../db/tables';

// Migration 0002.
declare module '../../db/tables' {
  interface Database {
    organisations: OrganisationsTable;
    organisation_agreements: OrganisationAgreementsTable;
  }
}

export interface OrganisationsTable extends AuditColumns {
  id: Generated<number>;
  name: string;
  name_normalized: string;
  name_en: NullableText;
  type: string;
  registration_number: NullableText;
  contact_person: NullableText;
  phone: NullableText;
  email: NullableText;
  city: NullableText;
  website: NullableText;
  status: string;
  notes: NullableText;
  search_text: string;
}

export interface OrganisationAgreementsTable {
  id: Generated<number>;
  organisation_id: number;
  title: string;
  start_date: DateText;
  end_date: DateText;
  value: NullableMoney;
  notes: NullableText;
}

export type OrganisationRow = Selectable<OrganisationsTable>;
export type OrganisationAgreementRow = Selectable<OrganisationAgreementsTable>;
