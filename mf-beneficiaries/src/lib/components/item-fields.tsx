import { forwardRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { LookupItem } from 'shared-contracts/beneficiaries';
import {
  CheckboxField,
  ChoiceGroup,
  SelectField,
  type ChoiceGroupProps,
  type SelectFieldProps,
} from 'shared-ui';
import { optionsOf } from '../lookups';

export const CHOOSE_PLACEHOLDER = 'اختر...';

export type ItemSelectProps = Omit<SelectFieldProps, 'options'> & {
  /** The codes offered (a lookup list or a fixed list). */
  items: readonly LookupItem[];
};

/** A form's select over a list's codes, starting on 'اختر...' unless another placeholder is given. */
export const ItemSelect = forwardRef<HTMLSelectElement, ItemSelectProps>(function ItemSelect(
  { items, placeholder = CHOOSE_PLACEHOLDER, ...props },
  ref,
) {
  return <SelectField ref={ref} placeholder={placeholder} options={optionsOf(items)} {...props} />;
});

export interface ItemCheckboxesProps extends Omit<ChoiceGroupProps, 'children'> {
  items: readonly LookupItem[];
  /** `register(name)` of the codes array: each ticked box adds its code. */
  field: UseFormRegisterReturn;
}

/** A list's codes as a group of checkboxes (categories, disabilities, statuses). */
export function ItemCheckboxes({ items, field, ...group }: ItemCheckboxesProps) {
  return (
    <ChoiceGroup {...group}>
      {items.map((item) => (
        <CheckboxField key={item.code} label={item.label} value={item.code} {...field} />
      ))}
    </ChoiceGroup>
  );
}
