import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { todayIso } from 'shared-contracts';
import { lastTwelveMonthsPeriod, financialReportQuerySchema } from 'shared-contracts/finance';
import { Button, DateField, Row } from 'shared-ui';

export interface ReportPeriod {
  readonly from: string;
  readonly to: string;
}

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
`;

/** The period a report address names (`?from=&to=`), or the last twelve months. */
export function periodFromParams(params: URLSearchParams): ReportPeriod {
  const parsed = financialReportQuerySchema.safeParse({
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  });
  return parsed.success ? { from: parsed.data.from, to: parsed.data.to } : lastTwelveMonthsPeriod();
}

/** Quick periods: this month, this year, the last twelve months. */
function presets(today: string): { label: string; period: ReportPeriod }[] {
  const year = today.slice(0, 4);
  return [
    { label: 'هذا الشهر', period: { from: `${today.slice(0, 7)}-01`, to: today } },
    { label: 'هذا العام', period: { from: `${year}-01-01`, to: today } },
    { label: 'آخر 12 شهراً', period: lastTwelveMonthsPeriod(today) },
  ];
}

/**
 * The report's period: two dates (both inclusive) applied together with «عرض التقرير», or a
 * quick period. Checked with the API's own schema (`from` ≤ `to`, at most ten years), the
 * Arabic reason under «إلى».
 */
export function ReportPeriodPicker({
  period,
  onChange,
}: {
  period: ReportPeriod;
  onChange: (period: ReportPeriod) => void;
}) {
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [shown, setShown] = useState(period);
  const [error, setError] = useState<string | undefined>();
  // The address changed (a quick period, back button): the fields follow it.
  if (shown.from !== period.from || shown.to !== period.to) {
    setShown(period);
    setFrom(period.from);
    setTo(period.to);
  }
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const parsed = financialReportQuerySchema.safeParse({ from, to });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onChange({ from: parsed.data.from, to: parsed.data.to });
  };

  return (
    <Form aria-label="فترة التقرير" onSubmit={apply} noValidate data-print-hide="">
      <DateField
        label="من"
        required
        showHijri={false}
        value={from}
        onChange={(event) => setFrom(event.target.value)}
      />
      <DateField
        label="إلى"
        required
        showHijri={false}
        value={to}
        error={error}
        onChange={(event) => setTo(event.target.value)}
      />
      <Button type="submit" icon="refresh">
        عرض التقرير
      </Button>
      <Row role="group" aria-label="فترات جاهزة">
        {presets(todayIso()).map((preset) => (
          <Button
            key={preset.label}
            size="sm"
            variant="ghost"
            aria-pressed={preset.period.from === period.from && preset.period.to === period.to}
            onClick={() => {
              setError(undefined);
              onChange(preset.period);
            }}
          >
            {preset.label}
          </Button>
        ))}
      </Row>
    </Form>
  );
}
