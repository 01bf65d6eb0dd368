import { defineResource } from '../core/resource';

/** A consent record's fields, as its dialogs and its activity rows name them. */
const CONSENT_FIELDS = {
  family: 'الأسرة',
  purpose: 'الغرض',
  method: 'طريقة الموافقة',
  given_on: 'تاريخ الموافقة',
  witness_name: 'اسم الشاهد',
  document: 'النموذج الموقّع',
  note: 'ملاحظات',
  withdrawn_on: 'تاريخ سحب الموافقة',
  withdrawal_reason: 'سبب سحب الموافقة',
} as const;

/**
 * A family's consents (موافقات الأسرة), one record per purpose, given then perhaps withdrawn:
 * the personal-data ledger (docs/personal-data.md). Shown on the family page only, so the
 * resource has no page of its own; its keys (`manage_personal_data`, `anonymise_families`) are
 * the families' (`./families.ts`). Schemas and endpoints: `./consents-contracts.ts`.
 */
export const consentsResource = defineResource({
  name: 'consents',
  order: 21.2,
  noun: null,
  owner: 'mf-beneficiaries',
  permissions: { section: 'الأسر', keys: {} },
  routes: [],
  pages: 'listed',
  activity: {
    consent: { label: 'موافقة أسرة', link: null },
  },
  fields: CONSENT_FIELDS,
});
