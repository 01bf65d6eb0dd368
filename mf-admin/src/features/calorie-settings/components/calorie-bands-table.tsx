import styled from 'styled-components';
import {
  CALORIE_SEXES,
  CALORIE_SEX_LABELS,
  calorieBandAges,
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

/** "أقل من سنة", "سنة واحدة", "سنتان", "من 5 إلى 9 سنوات", "60 سنة فأكثر" for a band. */
export function ageBandLabel(band: Pick<Band, 'age_from' | 'age_to'>): string {
  return calorieBandAges(band);
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
          caption={`الاحتياج اليومي لل${CALORIE_SEX_LABELS[sex]}`}
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
