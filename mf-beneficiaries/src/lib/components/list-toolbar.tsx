import { SelectField } from 'shared-ui';

const PAGE_SIZES = [20, 50, 100];

/** How many rows a page shows (kept in the URL as per_page). */
export function PageSizeField({
  value,
  onChange,
}: {
  value: number;
  onChange: (perPage: number) => void;
}) {
  return (
    <SelectField
      label="عدد الصفوف"
      value={String(value)}
      options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
      onChange={(event) => onChange(Number(event.target.value))}
    />
  );
}
