import styled from 'styled-components';
import {
  CALORIE_SEXES,
  CALORIE_SEX_LABELS,
  type CalorieSex,
  type CalorieVersion,
} from 'shared-contracts/admin';
import { DataTable, formatNumber, type DataTableColumn } from 'shared-ui';

type Band = CalorieVersion['bands'][number];

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

/** "5–9 سنوات", "0 (أقل من سنة)", "60 فأكثر" for a band. */
export function ageBandLabel(band: Pick<Band, 'age_from' | 'age_to'>): string {
  if (band.age_from === 0 && band.age_to === 0) return 'أقل من سنة';
  if (band.age_to >= 120) return `${band.age_from} سنة فأكثر`;
  if (band.age_from === band.age_to) return `${band.age_from} سنة`;
  return `من ${band.age_from} إلى ${band.age_to} سنة`;
}

const COLUMNS: readonly DataTableColumn<Band>[] = [
  { id: 'ages', header: 'الفئة العمرية', cell: ageBandLabel },
  { id: 'kcal', header: 'السعرات اليومية', align: 'end', cell: (band) => formatNumber(band.kcal) },
];

/** A version's bands, one table per sex, youngest first. */
export function CalorieBandsTable({ bands }: { bands: readonly Band[] }) {
  const of = (sex: CalorieSex) => bands.filter((band) => band.sex === sex);
  return (
    <Columns>
      {CALORIE_SEXES.map((sex) => (
        <DataTable
          key={sex}
          caption={`احتياج ${CALORIE_SEX_LABELS[sex]} اليومي`}
          showCaption
          layout="table"
          rowKey={(band) => `${band.sex}-${band.age_from}`}
          rows={of(sex)}
          columns={COLUMNS}
        />
      ))}
    </Columns>
  );
}
