import { SelectField, idFromSelect, idValue, namedOptions } from 'shared-ui';
import { useAxisCatalogue, useDepartmentCatalogue } from '../catalogue';

/**
 * A list filter on a record id (department, axis, type, manager): a select over the records by
 * name, with an "all" choice that clears it.
 */
export function IdFilterSelect({
  label,
  all,
  items,
  value,
  onChange,
}: {
  label: string;
  /** The "no filter" choice ('كل القطاعات'). */
  all: string;
  items: readonly { id: number; name: string }[] | undefined;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  return (
    <SelectField
      label={label}
      placeholder={all}
      options={namedOptions(items ?? [])}
      value={idValue(value)}
      onChange={(event) => onChange(idFromSelect(event.target.value))}
    />
  );
}

/** The list filters every services list shares: the department and the axis (of a type). */
export function DepartmentAxisFilters({
  departmentId,
  axisId,
  onChange,
}: {
  departmentId: number | undefined;
  axisId: number | undefined;
  onChange: (filter: 'department_id' | 'axis_id', id: number | undefined) => void;
}) {
  const departments = useDepartmentCatalogue();
  const axes = useAxisCatalogue();
  return (
    <>
      <IdFilterSelect
        label="القطاع"
        all="كل القطاعات"
        items={departments.data}
        value={departmentId}
        onChange={(id) => onChange('department_id', id)}
      />
      <IdFilterSelect
        label="المحور"
        all="كل المحاور"
        items={axes.data}
        value={axisId}
        onChange={(id) => onChange('axis_id', id)}
      />
    </>
  );
}
