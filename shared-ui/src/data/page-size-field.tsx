import { SelectField } from '../forms/select-field';

export const PAGE_SIZE_OPTIONS = [20, 50, 100] as const;
export const PAGE_SIZE_LABEL = 'عدد الصفوف';

export interface PageSizeFieldProps {
  /** The list's `per_page`. */
  value: number;
  onChange: (perPage: number) => void;
  options?: readonly number[];
  label?: string;
}

/** How many rows a list page shows (kept in the URL as `per_page`). */
export function PageSizeField({
  value,
  onChange,
  options = PAGE_SIZE_OPTIONS,
  label = PAGE_SIZE_LABEL,
}: PageSizeFieldProps) {
  return (
    <SelectField
      label={label}
      value={String(value)}
      options={options.map((size) => ({ value: String(size), label: String(size) }))}
      onChange={(event) => onChange(Number(event.target.value))}
    />
  );
}
