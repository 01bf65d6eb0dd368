import {
  RELEASE_NOUNS,
  REMOTES,
  countOf,
  errorRatePer100,
  type ClientEventSummaryRow,
  type RemoteName,
  type RemoteReleaseConfig,
} from 'shared-contracts';
import { Card, Muted, Notice, SectionTitle, Stack, formatDateTime, formatNumber } from 'shared-ui';
import { BarChart } from 'shared-ui/charts';

/** A version reads left to right inside Arabic text (bidi must not reorder 1.0.1-rc.2). */
function Version({ value }: { value: string }) {
  return <bdi dir="ltr">{value}</bdi>;
}

/** "12 جلسة، 40 تحميلاً، خطآن" and the rate, for one version. */
function figuresText(row: ClientEventSummaryRow | undefined): string {
  if (!row) return 'لم تصل تقارير من المتصفحات عن هذا الإصدار بعد';
  const errors = row.load_failures + row.render_errors;
  const rate = errorRatePer100(row);
  return [
    countOf(row.sessions, RELEASE_NOUNS.session),
    countOf(row.loads, RELEASE_NOUNS.load),
    `تعذر التحميل ${countOf(row.load_failures, 'time')}`,
    `أخطاء العرض ${formatNumber(row.render_errors)}`,
    ...(rate === null || errors === 0
      ? []
      : [
          `معدل الأخطاء ${formatNumber(Number(rate.toFixed(1)))} لكل ${countOf(100, RELEASE_NOUNS.load)}`,
        ]),
  ].join('، ');
}

function rolloutText(rollout: NonNullable<RemoteReleaseConfig['rollout']>): string {
  const named = rollout.staff.length;
  const share =
    rollout.percent > 0
      ? `${formatNumber(rollout.percent)}٪ من الموظفين${named > 0 ? ` و${countOf(named, 'employee')} بالاسم` : ''}`
      : `${countOf(named, 'employee')} بالاسم (معاينة)`;
  return `يُقدَّم لـ${share} منذ ${formatDateTime(rollout.startedAt)}، ويتوقف تلقائياً عند معدل أخطاء ${formatNumber(rollout.halt.errorsPer100)} لكل ${countOf(100, RELEASE_NOUNS.load)} بعد ${countOf(rollout.halt.minLoads, RELEASE_NOUNS.load, { case: 'oblique' })} على الأقل.`;
}

/**
 * One remote on the releases page: its stable version, its rollout (share, named employees,
 * automatic stop), a stop that happened, and a chart of what browsers reported per version.
 */
export function RemoteReleaseCard({
  remote,
  entry,
  rows,
}: {
  remote: RemoteName;
  entry: RemoteReleaseConfig;
  rows: readonly ClientEventSummaryRow[];
}) {
  const rowOf = (version: string) => rows.find((row) => row.version === version);
  // The versions in use first (stable, rollout), then any other a browser still reported.
  const versions = [
    entry.version,
    ...(entry.rollout ? [entry.rollout.version] : []),
    ...rows.map((row) => row.version),
  ].filter((version, index, all) => all.indexOf(version) === index);
  const label = (version: string) =>
    version === entry.version
      ? `${version} (المستقر)`
      : version === entry.rollout?.version
        ? `${version} (التجريبي)`
        : version;
  const titleId = `release-${remote}`;

  return (
    <Card as="section" aria-labelledby={titleId} data-testid={`release-${remote}`}>
      <Stack>
        <SectionTitle id={titleId}>قسم {REMOTES[remote].afterSection}</SectionTitle>
        <p>
          الإصدار المستقر <Version value={entry.version} />: {figuresText(rowOf(entry.version))}
        </p>
        {entry.rollout ? (
          <div data-testid="release-rollout">
            <p>
              الإصدار التجريبي <Version value={entry.rollout.version} />:{' '}
              {figuresText(rowOf(entry.rollout.version))}
            </p>
            <Muted>{rolloutText(entry.rollout)}</Muted>
          </div>
        ) : (
          <Muted>لا يجري طرح تدريجي لهذا القسم.</Muted>
        )}
        {entry.stopped ? (
          <Notice tone="warning">
            <span data-testid="release-stopped">
              أُوقف طرح الإصدار <Version value={entry.stopped.version} /> تلقائياً في{' '}
              {formatDateTime(entry.stopped.at)}. {entry.stopped.reason}
            </span>
          </Notice>
        ) : null}
        <BarChart
          title={`تقارير المتصفحات عن قسم ${REMOTES[remote].afterSection}`}
          description="لكل إصدار: الجلسات والتحميلات وحالات تعذر التحميل وأخطاء العرض"
          categoryLabel="الإصدار"
          table="toggle"
          height={220}
          data={{
            labels: versions.map(label),
            series: [
              {
                label: 'الجلسات',
                values: versions.map((v) => rowOf(v)?.sessions ?? 0),
                tone: 'primary',
              },
              {
                label: 'التحميلات',
                values: versions.map((v) => rowOf(v)?.loads ?? 0),
                tone: 'success',
              },
              {
                label: 'تعذر التحميل',
                values: versions.map((v) => rowOf(v)?.load_failures ?? 0),
                tone: 'danger',
              },
              {
                label: 'أخطاء العرض',
                values: versions.map((v) => rowOf(v)?.render_errors ?? 0),
                tone: 'warning',
              },
            ],
          }}
        />
      </Stack>
    </Card>
  );
}
