import type { DefaultValues } from 'react-hook-form';
import { todayIso } from 'shared-contracts';
import {
  financialRecordToInput,
  type FinanceDirection,
  type FinancialRecord,
  type FinancialRecordFormValues,
} from 'shared-contracts/finance';

/** What a new record may start with, from the address (`?direction=expense&family_id=7`). */
export interface RecordPreset {
  readonly direction?: FinanceDirection;
  readonly family_id?: number;
  readonly organisation_id?: number;
  readonly season_id?: number;
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * The form's defaults: blanks as '' for the inputs. A new record is completed money received
 * or paid today in cash (the common case) unless the address says otherwise; an edited
 * (pending) record starts from its own values, the amount as the exact string the API sent.
 */
export function recordFormDefaults(
  record: FinancialRecord | null,
  preset: RecordPreset = {},
): DefaultValues<FinancialRecordFormValues> {
  if (record) {
    const input = financialRecordToInput(record);
    return {
      ...input,
      occurred_on: text(input.occurred_on),
      category_id: text(input.category_id),
      restricted_purpose: text(input.restricted_purpose),
      reference_number: text(input.reference_number),
      receipt_number: text(input.receipt_number),
      family_id: text(input.family_id),
      organisation_id: text(input.organisation_id),
      season_id: text(input.season_id),
      service_id: text(input.service_id),
      notes: text(input.notes),
    };
  }
  return {
    direction: preset.direction ?? 'income',
    amount: '',
    occurred_on: todayIso(),
    category_id: '',
    status: 'completed',
    payment_method: 'cash',
    restricted_purpose: '',
    reference_number: '',
    receipt_number: '',
    family_id: text(preset.family_id),
    organisation_id: text(preset.organisation_id),
    season_id: text(preset.season_id),
    service_id: '',
    notes: '',
  };
}
