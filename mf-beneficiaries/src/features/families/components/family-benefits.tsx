import { Link } from 'react-router-dom';
import { pathTo } from 'shared-contracts';
import { Card, LtrText, formatCurrency, formatDate } from 'shared-ui';
import { SectionTitle } from '../../../lib/components/layout';
import type { FamilyBenefits as Benefits } from '../api/families-api';

/**
 * EXTENSION POINT (later issues: services, seasons, money reaching the family). Shows only what
 * the API already returns in the family detail — nothing is invented; with no data it renders
 * an empty, marked container for those issues to fill.
 */
export function FamilyBenefits({ benefits }: { benefits: Benefits }) {
  const seasons = benefits.seasons ?? [];
  const distributions = benefits.distributions ?? [];
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
              <Link to={pathTo('seasons.show', { id: season.id })}>{season.name}</Link>
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
              {formatDate(distribution.distributed_at)} — {distribution.season?.name ?? ''}{' '}
              {distribution.kind === 'cash'
                ? formatCurrency(distribution.cash_amount ?? null)
                : 'عيني'}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
