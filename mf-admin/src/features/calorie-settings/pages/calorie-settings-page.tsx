import { useState } from 'react';
import { type CalorieVersion } from 'shared-contracts/admin';
import {
  Badge,
  Button,
  Card,
  DataTable,
  DescriptionList,
  PageHeader,
  QueryView,
  SectionTitle,
  formatDateTime,
  formatNumber,
  pageHeader,
  type DataTableColumn,
} from 'shared-ui';
import { useActiveCalorieSettings, useCalorieVersions } from '../api/calorie-settings-api';
import { CalorieBandsTable } from '../components/calorie-bands-table';
import { CalorieSettingsForm } from '../components/calorie-settings-form';
import { VersionCompare } from '../components/version-compare';

const VERSION_COLUMNS: readonly DataTableColumn<CalorieVersion>[] = [
  {
    id: 'version',
    header: 'الإصدار',
    card: 'title',
    text: (version) => `الإصدار ${version.version_number}`,
    cell: (version) => (
      <>
        {`الإصدار ${version.version_number}`}{' '}
        {version.active ? <Badge tone="success">المعمول به</Badge> : null}
      </>
    ),
  },
  { id: 'note', header: 'ملاحظة التعديل', truncate: '24rem', cell: (version) => version.note },
  { id: 'by', header: 'بواسطة', cell: (version) => version.created_by?.name ?? 'النظام' },
  {
    id: 'at',
    header: 'التاريخ',
    nowrap: true,
    cell: (version) => formatDateTime(version.created_at),
  },
  {
    id: 'planning',
    header: 'رقم التخطيط',
    align: 'end',
    cell: (version) => formatNumber(version.planning_figure),
  },
];

function ActiveSummary({ version }: { version: CalorieVersion }) {
  return (
    <DescriptionList
      items={[
        { label: 'الإصدار المعمول به', value: `الإصدار ${version.version_number}` },
        {
          label: 'رقم التخطيط',
          value: `${formatNumber(version.planning_figure)} سعرة للفرد يومياً`,
        },
        { label: 'زيادة الحمل', value: `${formatNumber(version.pregnancy_addition)} سعرة` },
        { label: 'زيادة الرضاعة', value: `${formatNumber(version.lactation_addition)} سعرة` },
        { label: 'المصدر', value: version.source ?? '—' },
        {
          label: 'آخر تعديل',
          value: `${version.created_by?.name ?? 'النظام'} — ${formatDateTime(version.created_at)}`,
        },
      ]}
    />
  );
}

/**
 * /calories: the active calorie table (daily needs by sex and age band, pregnancy and lactation
 * additions, the planning figure) that the family-needs report uses; editing saves a new
 * version with a note; every version is listed with who saved it and when, and any two can be
 * compared side by side.
 */
export default function CalorieSettingsPage() {
  const active = useActiveCalorieSettings();
  const versions = useCalorieVersions();
  const [editing, setEditing] = useState(false);

  return (
    <>
      <PageHeader
        {...pageHeader('calories')}
        actions={
          editing ? null : (
            <Button icon="edit" onClick={() => setEditing(true)} disabled={!active.data}>
              تعديل الجدول
            </Button>
          )
        }
      />
      <QueryView
        query={active}
        loadingLabel="جارٍ تحميل إعدادات السعرات..."
        notFoundTitle="لا يوجد جدول سعرات بعد"
      >
        {({ data }) =>
          editing ? (
            <CalorieSettingsForm active={data} onDone={() => setEditing(false)} />
          ) : (
            <Card as="section" aria-labelledby="calorie-settings-active">
              <SectionTitle id="calorie-settings-active">الجدول المعمول به</SectionTitle>
              <ActiveSummary version={data} />
              <CalorieBandsTable bands={data.bands} />
            </Card>
          )
        }
      </QueryView>
      <QueryView query={versions} loadingLabel="جارٍ تحميل الإصدارات...">
        {({ data }) => (
          <>
            <Card as="section" aria-labelledby="calorie-settings-versions">
              <SectionTitle id="calorie-settings-versions">الإصدارات</SectionTitle>
              <DataTable
                caption="إصدارات جدول السعرات"
                rowKey="id"
                rows={data}
                columns={VERSION_COLUMNS}
              />
            </Card>
            {data.length > 1 ? <VersionCompare versions={data} /> : null}
          </>
        )}
      </QueryView>
    </>
  );
}
