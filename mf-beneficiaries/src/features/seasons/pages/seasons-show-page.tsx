import {
  FAMILY_STATUSES,
  SEASON_STATUS_CAPABILITIES,
  labelOf,
  seasonEndpoints,
  type Season,
} from 'shared-contracts/beneficiaries';
import { countOf } from 'shared-contracts';
import {
  Card,
  DescriptionList,
  PageButtonLink,
  PageHeader,
  PageLink,
  RecordFromRoute,
  SectionTitle,
  Slot,
  Stack,
  formatCurrency,
  formatDateDual,
  formatNumber,
  useCanCall,
} from 'shared-ui';
import { SEASON_RECORD } from '../api/seasons-api';
import { BeneficiariesPanel } from '../components/beneficiaries-panel';
import { DistributionsTable } from '../components/distributions-table';
import { SeasonStatusBadge, seasonKindLabel } from '../components/season-badges';
import { SeasonStatusActions } from '../components/season-status-actions';

/** "من 6 إلى 12 سنة", "من 0 إلى سنتين", "18 سنة فأكثر": the noun agrees with the last number. */
function memberAgeRange(min: number, max: number | null): string {
  if (max === null) return `${countOf(min, 'year')} فأكثر`;
  return `من ${min} إلى ${countOf(max, 'year', { case: 'oblique' })}`;
}

function eligibilityText(season: Season): string {
  const rule = season.eligibility;
  const parts = [
    rule.categories.length > 0
      ? `الفئات: ${rule.categories.map((category) => category.label).join('، ')}`
      : 'كل الفئات',
    `حالات الأسر: ${rule.statuses.map((status) => labelOf(FAMILY_STATUSES, status)).join('، ')}`,
  ];
  if (rule.max_per_capita_income !== null)
    parts.push(`دخل الفرد لا يتجاوز ${formatCurrency(rule.max_per_capita_income)}`);
  if (rule.member_min_age !== null || rule.member_max_age !== null)
    parts.push(`فرد عمره ${memberAgeRange(rule.member_min_age ?? 0, rule.member_max_age)}`);
  return parts.join(' — ');
}

/** /seasons/show/:id: the programme, its workflow, enrolled families, handovers and print list. */
export default function SeasonsShowPage() {
  return (
    <RecordFromRoute {...SEASON_RECORD}>
      {(season) => <SeasonDetails season={season} />}
    </RecordFromRoute>
  );
}

/** The loaded programme; a component of its own so its hooks run only once it is there. */
function SeasonDetails({ season }: { season: Season }) {
  const canChangeStatus = useCanCall(seasonEndpoints.status);

  return (
    <Stack>
      <PageHeader
        title={
          <>
            {season.name} <SeasonStatusBadge status={season.status} />
          </>
        }
        description={`${seasonKindLabel(season.kind)} — ${season.hijri_year} هـ`}
        actions={
          SEASON_STATUS_CAPABILITIES[season.status].edit ? (
            <PageButtonLink
              pageId="seasons.edit"
              params={{ id: season.id }}
              icon="edit"
              variant="secondary"
            >
              تعديل
            </PageButtonLink>
          ) : null
        }
      />
      <Card as="section" aria-labelledby="season-details">
        <SectionTitle id="season-details">تفاصيل البرنامج</SectionTitle>
        <DescriptionList
          items={[
            { label: 'من', value: formatDateDual(season.start_date) },
            { label: 'إلى', value: formatDateDual(season.end_date) },
            {
              label: 'الميزانية',
              value: season.budget === null ? '' : formatCurrency(season.budget),
            },
            {
              label: 'الجهة الممولة',
              value: season.funding_org ? (
                <PageLink pageId="orgs.show" params={{ id: season.funding_org.id }}>
                  {season.funding_org.name}
                </PageLink>
              ) : (
                ''
              ),
            },
            { label: 'شروط الاستحقاق', value: eligibilityText(season) },
            { label: 'الأسر المسجلة', value: formatNumber(season.beneficiaries_count) },
            { label: 'استلمت', value: formatNumber(season.received_count) },
            { label: 'إجمالي الصرف النقدي', value: formatCurrency(season.cash_distributed_total) },
            { label: 'سبب الحالة', value: season.status_reason },
            { label: 'ملاحظات', value: season.notes },
          ]}
        />
        {canChangeStatus ? (
          <>
            <SectionTitle as="h3">الحالة</SectionTitle>
            <SeasonStatusActions season={season} />
          </>
        ) : null}
      </Card>
      <Card as="section" aria-labelledby="season-beneficiaries">
        <SectionTitle id="season-beneficiaries">المستفيدون</SectionTitle>
        <BeneficiariesPanel season={season} />
      </Card>
      <Card as="section" aria-labelledby="season-distributions">
        <SectionTitle id="season-distributions">سجل الصرف</SectionTitle>
        <DistributionsTable seasonId={season.id} />
      </Card>
      <Slot name="seasons.show" props={{ seasonId: season.id }} />
    </Stack>
  );
}
