import { useState } from 'react';
import styled from 'styled-components';
import { CALORIE_SEXES, CALORIE_SEX_LABELS, type CalorieVersion } from 'shared-contracts/admin';
import {
  Badge,
  Card,
  DataTable,
  Muted,
  SectionTitle,
  SelectField,
  formatNumber,
  type DataTableColumn,
} from 'shared-ui';
import { ageBandLabel } from './calorie-bands-table';

const Pickers = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin-block-end: ${({ theme }) => theme.space.md};
`;

interface CompareRow {
  key: string;
  label: string;
  left: number | undefined;
  right: number | undefined;
}

/** The kcal of `version` for one age (the band that holds it). */
function kcalAt(
  version: CalorieVersion,
  sex: (typeof CALORIE_SEXES)[number],
  age: number,
): number | undefined {
  return version.bands.find(
    (band) => band.sex === sex && band.age_from <= age && age <= band.age_to,
  )?.kcal;
}

/** The rows compared: the scalar settings, then every age band either version has. */
export function compareRows(left: CalorieVersion, right: CalorieVersion): CompareRow[] {
  const rows: CompareRow[] = [
    {
      key: 'planning',
      label: 'رقم التخطيط',
      left: left.planning_figure,
      right: right.planning_figure,
    },
    {
      key: 'pregnancy',
      label: 'زيادة الحمل',
      left: left.pregnancy_addition,
      right: right.pregnancy_addition,
    },
    {
      key: 'lactation',
      label: 'زيادة الرضاعة',
      left: left.lactation_addition,
      right: right.lactation_addition,
    },
  ];
  for (const sex of CALORIE_SEXES) {
    // The band starts of both versions split the ages into pieces each version prices once.
    const starts = [
      ...new Set(
        [...left.bands, ...right.bands]
          .filter((band) => band.sex === sex)
          .map((band) => band.age_from),
      ),
    ].sort((a, b) => a - b);
    starts.forEach((from, index) => {
      const to = (starts[index + 1] ?? 121) - 1;
      rows.push({
        key: `${sex}-${from}`,
        label: `${CALORIE_SEX_LABELS[sex]}: ${ageBandLabel({ age_from: from, age_to: to })}`,
        left: kcalAt(left, sex, from),
        right: kcalAt(right, sex, from),
      });
    });
  }
  return rows;
}

const show = (value: number | undefined) => (value === undefined ? '—' : formatNumber(value));

/** Any two versions side by side; the rows that differ are marked. */
export function VersionCompare({ versions }: { versions: readonly CalorieVersion[] }) {
  const [leftId, setLeftId] = useState(versions[1]?.id ?? versions[0]?.id);
  const [rightId, setRightId] = useState(versions[0]?.id);
  const left = versions.find((version) => version.id === leftId);
  const right = versions.find((version) => version.id === rightId);
  const options = versions.map((version) => ({
    value: version.id,
    label: `الإصدار ${version.version_number}`,
  }));
  const columns: DataTableColumn<CompareRow>[] = [
    { id: 'label', header: 'البند', cell: (row) => row.label },
    {
      id: 'left',
      header: left ? `الإصدار ${left.version_number}` : 'الأول',
      align: 'end',
      cell: (row) => show(row.left),
    },
    {
      id: 'right',
      header: right ? `الإصدار ${right.version_number}` : 'الثاني',
      align: 'end',
      cell: (row) => show(row.right),
    },
    {
      id: 'diff',
      header: 'الفرق',
      cell: (row) =>
        row.left === row.right ? (
          <Muted>بلا تغيير</Muted>
        ) : (
          <Badge tone="warning">
            {row.left !== undefined && row.right !== undefined
              ? formatNumber(row.right - row.left)
              : 'تغير'}
          </Badge>
        ),
    },
  ];

  return (
    <Card as="section" aria-labelledby="calorie-settings-compare">
      <SectionTitle id="calorie-settings-compare">مقارنة إصدارين</SectionTitle>
      <Pickers>
        <SelectField
          label="الإصدار الأول"
          options={options}
          value={leftId ?? ''}
          onChange={(event) => setLeftId(Number(event.target.value))}
        />
        <SelectField
          label="الإصدار الثاني"
          options={options}
          value={rightId ?? ''}
          onChange={(event) => setRightId(Number(event.target.value))}
        />
      </Pickers>
      {left && right ? (
        <DataTable
          caption={`مقارنة الإصدار ${left.version_number} بالإصدار ${right.version_number}`}
          layout="table"
          rowKey="key"
          rows={compareRows(left, right)}
          columns={columns}
        />
      ) : (
        <Muted>اختر إصدارين للمقارنة.</Muted>
      )}
    </Card>
  );
}
