import type { ReactNode } from 'react';
import styled from 'styled-components';
import { countOf } from 'shared-contracts';
import { FAMILY_STATUSES, familyStatusLabel } from 'shared-contracts/beneficiaries';
import { FINANCE_COUNTED_STATUSES } from 'shared-contracts/finance';
import { SERVICE_OPEN_STATUSES } from 'shared-contracts/services';
import { DASHBOARD_NOUNS, monthBounds, type Dashboard } from 'shared-contracts/reports';
import { BarChart, LineChart } from 'shared-ui/charts';
import {
  Card,
  LtrText,
  Money,
  Muted,
  PageLink,
  SectionTitle,
  Stack,
  formatDate,
  formatNumber,
} from 'shared-ui';
import { Figure, Figures } from './figure-link';

/** `2026-03` → «مارس 2026» (Gregorian, read at noon UTC so no zone moves it to another month). */
const monthFormat = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
export function monthLabel(month: string): string {
  const date = new Date(`${month}-15T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : monthFormat.format(date);
}

const Charts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  @media screen and (min-width: 1100px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Items = styled.ul`
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space.lg};
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

/** A section of the dashboard: a card with its heading. */
export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id}>
      <Stack $gap="md">
        <SectionTitle id={id}>{title}</SectionTitle>
        {children}
      </Stack>
    </Card>
  );
}

const families = (n: number) => countOf(n, 'family');
const services = (n: number) => countOf(n, 'service');

export function FamiliesSection({ data }: { data: NonNullable<Dashboard['families']> }) {
  const count = (status: string) => data.by_status.find((row) => row.status === status)?.count ?? 0;
  return (
    <Section id="dashboard-families" title="الأسر">
      <Figures>
        <Figure label="جميع الأسر" value={families(data.total)} pageId="families.list" />
        <Figure
          label="قيد المراجعة"
          value={families(count('pending_review'))}
          pageId="families.list"
          filter={{ status: 'pending_review' }}
        />
        <Figure
          label="معتمدة"
          value={families(count('approved'))}
          pageId="families.list"
          filter={{ status: 'approved' }}
        />
        <Figure
          label="إعادة تقييم متأخرة"
          value={families(data.reassessment_overdue)}
          pageId="families.list"
          filter={{ reassessment_overdue: 'true' }}
        />
      </Figures>
      <Charts>
        <BarChart
          title="الأسر حسب الحالة"
          categoryLabel="الحالة"
          data={{
            labels: FAMILY_STATUSES.map((status) => familyStatusLabel(status.code)),
            series: [
              {
                label: 'عدد الأسر',
                values: FAMILY_STATUSES.map((status) => count(status.code)),
              },
            ],
          }}
        />
        <LineChart
          title="التسجيلات الجديدة حسب الشهر"
          description="الأسر المسجلة في كل شهر من الأشهر الاثني عشر الأخيرة."
          categoryLabel="الشهر"
          data={{
            labels: data.registrations.map((row) => monthLabel(row.month)),
            series: [{ label: 'أسر جديدة', values: data.registrations.map((row) => row.count) }],
          }}
        />
      </Charts>
    </Section>
  );
}

const visits = (n: number) => countOf(n, 'visit');

/** This month's field visits: planned, done and overdue, each a link to the filtered visits list. */
export function VisitsSection({
  data,
  month,
}: {
  data: NonNullable<Dashboard['visits']>;
  month: string;
}) {
  const { from, to } = monthBounds(month);
  const period = { from, to };
  return (
    <Section id="dashboard-visits" title={`الزيارات الميدانية في ${monthLabel(month)}`}>
      <Figures>
        <Figure
          label="مخططة"
          value={visits(data.planned)}
          pageId="visits.list"
          filter={{ ...period, status: 'planned' }}
        />
        <Figure
          label="منجزة"
          value={visits(data.done)}
          pageId="visits.list"
          filter={{ ...period, status: 'done' }}
        />
        <Figure
          label="متأخرة"
          value={visits(data.overdue)}
          pageId="visits.list"
          filter={{ ...period, overdue: 'true' }}
        />
      </Figures>
    </Section>
  );
}

export function ServicesSection({ data }: { data: NonNullable<Dashboard['services']> }) {
  return (
    <Section id="dashboard-services" title="الخدمات">
      <Figures>
        <Figure
          label="منفذة هذا الشهر"
          value={services(data.delivered_this_month)}
          pageId="services.list"
          filter={{ status: 'delivered' }}
        />
        <Figure
          label="قيد الانتظار"
          value={services(data.pending)}
          pageId="services.list"
          filter={{ status: SERVICE_OPEN_STATUSES.join(',') }}
        />
        <Figure
          label="متأخرة عن موعدها"
          value={services(data.overdue)}
          pageId="services.list"
          filter={{ overdue: 'true' }}
        />
      </Figures>
    </Section>
  );
}

/** The records the finance figures count (the list then shows the same rows). */
const COUNTED = FINANCE_COUNTED_STATUSES.join(',');

export function FinanceSection({
  data,
  month,
}: {
  data: NonNullable<Dashboard['finance']>;
  month: string;
}) {
  const { from, to } = monthBounds(month);
  return (
    <Section id="dashboard-finance" title={`المالية في ${monthLabel(month)}`}>
      <Figures>
        <Figure
          label="إيرادات الشهر"
          value={<Money value={data.income} />}
          pageId="financial.list"
          filter={{ direction: 'income', status: COUNTED, from, to }}
        />
        <Figure
          label="مصروفات الشهر"
          value={<Money value={data.expense} />}
          pageId="financial.list"
          filter={{ direction: 'expense', status: COUNTED, from, to }}
        />
      </Figures>
      <Muted>تُحسب القيود المكتملة والمستردة مع قيودها العكسية.</Muted>
    </Section>
  );
}

export function SeminarsSection({ data }: { data: NonNullable<Dashboard['seminars']> }) {
  return (
    <Section id="dashboard-seminars" title="الندوات القادمة">
      {data.upcoming.length === 0 ? (
        <Muted>لا توجد ندوات قادمة.</Muted>
      ) : (
        <Items>
          {data.upcoming.map((seminar) => (
            <li key={seminar.id}>
              <PageLink pageId="seminars.show" params={{ id: seminar.id }}>
                {seminar.title}
              </PageLink>
              {' — '}
              {formatDate(seminar.starts_at.slice(0, 10))}{' '}
              <LtrText>{seminar.starts_at.slice(11, 16)}</LtrText>
              {' — '}
              {`المسجلون ${formatNumber(seminar.registered)} من ${formatNumber(seminar.capacity)}`}
              {seminar.waiting > 0 ? `، وفي الانتظار ${formatNumber(seminar.waiting)}` : ''}
            </li>
          ))}
        </Items>
      )}
      <p>
        <PageLink pageId="seminars.list">عرض كل الندوات</PageLink>
      </p>
    </Section>
  );
}

export function SurveysSection({ data }: { data: NonNullable<Dashboard['surveys']> }) {
  return (
    <Section id="dashboard-surveys" title="الاستبيانات المفتوحة">
      <Figures>
        <Figure
          label="الاستبيانات المفتوحة"
          value={countOf(data.open_count, DASHBOARD_NOUNS.survey)}
          pageId="surveys.list"
          filter={{ status: 'open' }}
        />
      </Figures>
      {data.open.length > 0 ? (
        <Items>
          {data.open.map((survey) => (
            <li key={survey.id}>
              <PageLink pageId="surveys.show" params={{ id: survey.id }}>
                {survey.title}
              </PageLink>
              {` — ${countOf(survey.responses, DASHBOARD_NOUNS.response)}، ينتهي في ${formatDate(survey.ends_on)}`}
            </li>
          ))}
        </Items>
      ) : null}
    </Section>
  );
}
