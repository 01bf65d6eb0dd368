import styled from 'styled-components';
import { countOf } from 'shared-contracts';
import type { FinanceTotals } from 'shared-contracts/finance';
import { Money, Muted } from 'shared-ui';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
`;

const Figure = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  background: ${({ theme }) => theme.colors.surfaceMuted};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    font-weight: ${({ theme }) => theme.font.weight.semibold};
  }
`;

/**
 * The totals of the whole filtered set (not the page), as the API computed them in SQL: income,
 * expense, balance, and how many records they count (completed and refunded, reversals
 * included) — pending records are named apart, since they are not in the figures.
 */
export function RecordsTotals({
  totals,
  label = 'إجماليات السجلات المطابقة',
}: {
  totals: FinanceTotals | undefined;
  label?: string;
}) {
  if (!totals) return null;
  return (
    <section aria-label={label}>
      <Figures>
        <Figure>
          <dt>الإيرادات</dt>
          <dd>
            <Money value={totals.income} />
          </dd>
        </Figure>
        <Figure>
          <dt>المصروفات</dt>
          <dd>
            <Money value={totals.expense} />
          </dd>
        </Figure>
        <Figure>
          <dt>الرصيد</dt>
          <dd>
            <Money value={totals.balance} />
          </dd>
        </Figure>
      </Figures>
      <Muted>
        {`محسوبة من القيود المكتملة والمستردة (${countOf(totals.counted_records, 'entry')})`}
        {totals.pending_records > 0
          ? `؛ لا تشمل القيود المعلّقة (${countOf(totals.pending_records, 'entry')})`
          : ''}
      </Muted>
    </section>
  );
}
