import { Card, LtrText, PageLink, SectionTitle, formatCurrency, formatDate } from 'shared-ui';
import type { FamilyRecord } from '../api/families-api';

/**
 * The seasonal programmes the family is enrolled in and the handovers it received, as the family
 * record carries them; with neither it renders an empty, marked container.
 */
export function FamilyBenefits({ family }: { family: FamilyRecord }) {
  const { seasons, distributions } = family;
  if (seasons.length === 0 && distributions.length === 0) {
    return <div data-extension="family-benefits" hidden />;
  }
  return (
    <Card as="section" aria-labelledby="family-benefits" data-extension="family-benefits">
      <SectionTitle id="family-benefits">البرامج الموسمية وما وصل الأسرة</SectionTitle>
      {seasons.length > 0 ? (
        <ul>
          {seasons.map((season) => (
            <li key={season.id}>
              <PageLink pageId="seasons.show" params={{ id: season.id }}>
                {season.name}
              </PageLink>
              {season.voucher_code ? (
                <>
                  {' '}
                  — رمز القسيمة <LtrText>{season.voucher_code}</LtrText>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {distributions.length > 0 ? (
        <ul>
          {distributions.map((distribution) => (
            <li key={distribution.id}>
              {formatDate(distribution.distributed_at)} — {distribution.season.name}{' '}
              {distribution.kind === 'cash' ? formatCurrency(distribution.cash_amount) : 'عيني'}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
