import { integerInputSchema, todayIso } from 'shared-contracts';
import type { DefaultValues } from 'react-hook-form';
import type { ServiceDetail, ServiceFormValues } from 'shared-contracts/services';

/** Text of an optional value for an input ('' when blank). */
const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * The form's defaults: blanks as '' and numbers as text for the inputs. A new service is
 * requested today by the employee filling the form, for one unit, for the family the address
 * names (`/services/create?family_id=7`, the family page's link) if any.
 */
export function serviceFormDefaults(
  service: ServiceDetail | null,
  { employeeId, familyId }: { employeeId: number | undefined; familyId: number | null },
): DefaultValues<ServiceFormValues> {
  if (!service) {
    return {
      service_type_id: '',
      family_id: text(familyId),
      member_id: '',
      requested_by_id: text(employeeId),
      provider_id: '',
      implementing_org_id: '',
      request_date: todayIso(),
      approval_date: '',
      expected_date: '',
      delivery_date: '',
      quantity: '1',
      cost: '',
      details: '',
      follow_up_recommendations: '',
      beneficiary_satisfaction: '',
    };
  }
  return {
    service_type_id: String(service.service_type.id),
    family_id: String(service.family.id),
    member_id: text(service.member?.id),
    requested_by_id: text(service.requested_by?.id),
    provider_id: text(service.provider?.id),
    implementing_org_id: text(service.implementing_org?.id),
    request_date: service.request_date,
    approval_date: text(service.approval_date),
    expected_date: text(service.expected_date),
    delivery_date: text(service.delivery_date),
    quantity: String(service.quantity),
    cost: text(service.cost),
    details: text(service.details),
    follow_up_recommendations: text(service.follow_up_recommendations),
    beneficiary_satisfaction: text(service.beneficiary_satisfaction),
  };
}

// As the schema reads the quantity field (Arabic-Indic digits too).
const QUANTITY = integerInputSchema(1, 100_000);

/**
 * The cost a service of this type would have for the typed quantity (default cost × quantity),
 * computed in halalas so no float error reaches the field ('' when there is no default cost or
 * the quantity is not a whole number ≥ 1).
 */
export function defaultCostText(defaultCost: number | null, quantity: string): string {
  const units = QUANTITY.safeParse(quantity);
  if (defaultCost === null || !units.success) return '';
  const halalas = Math.round(defaultCost * 100) * units.data;
  const riyals = Math.floor(halalas / 100);
  const rest = halalas % 100;
  return rest === 0 ? String(riyals) : `${riyals}.${String(rest).padStart(2, '0')}`;
}
