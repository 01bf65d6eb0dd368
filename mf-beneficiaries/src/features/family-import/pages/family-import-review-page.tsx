import { useEffect, useRef } from 'react';
import { useSearchParams, useParams } from 'react-router-dom';
import { countOf } from 'shared-contracts';
import {
  FAMILY_IMPORT_MESSAGES,
  familyImportEndpoints,
  type FamilyImport,
  type ImportRowState,
} from 'shared-contracts/beneficiaries';
import {
  Card,
  ExportButton,
  Identifier,
  PageButtonLink,
  PageHeader,
  QueryView,
  Row,
  SectionTitle,
  Stack,
  formatDateTime,
  useInvalidateEndpoints,
} from 'shared-ui';
import { useImport } from '../api/family-import-api';
import { CommitPanel } from '../components/commit-panel';
import { DuplicatesPanel } from '../components/duplicates-panel';
import { ImportCounts, ImportProgress } from '../components/import-progress';
import { ImportRowsPanel } from '../components/import-rows-panel';
import { ImportStatusBadge } from '../components/import-status-badge';
import { ReviewTabs } from '../components/review-tabs';

type TabId = 'ready' | 'errors' | 'duplicates' | 'created' | 'updated' | 'skipped';

interface TabSpec {
  state: ImportRowState;
  label: string;
  caption: string;
  empty: string;
}

const TABS: Record<TabId, TabSpec> = {
  ready: {
    state: 'valid',
    label: 'جاهزة',
    caption: 'الصفوف الجاهزة للإنشاء',
    empty: 'لا توجد صفوف جاهزة',
  },
  errors: {
    state: 'invalid',
    label: 'أخطاء',
    caption: 'الصفوف غير السليمة',
    empty: 'لا توجد صفوف غير سليمة',
  },
  duplicates: {
    state: 'duplicate',
    label: 'تكرارات محتملة',
    caption: 'الصفوف المكررة',
    empty: 'لا توجد صفوف مكررة',
  },
  created: {
    state: 'created',
    label: 'الأسر المنشأة',
    caption: 'الأسر المنشأة من الملف',
    empty: 'لم تُنشأ أسر من هذا الملف',
  },
  updated: {
    state: 'updated',
    label: 'الأسر المحدّثة',
    caption: 'الأسر المحدّثة من الملف',
    empty: 'لم تُحدَّث أسر من هذا الملف',
  },
  skipped: {
    state: 'skipped',
    label: 'المتخطاة',
    caption: 'الصفوف المتخطاة',
    empty: 'لا توجد صفوف متخطاة',
  },
};

const TAB_IDS = Object.keys(TABS) as TabId[];

function isTabId(value: string | null): value is TabId {
  return value !== null && (TAB_IDS as string[]).includes(value);
}

/** The tabs an import offers: the three of the review, then those its commit filled. */
function tabsOf(item: FamilyImport): TabId[] {
  const tabs: TabId[] = ['ready', 'errors', 'duplicates'];
  if (item.counts.created > 0) tabs.push('created');
  if (item.counts.updated > 0) tabs.push('updated');
  if (item.counts.skipped > 0) tabs.push('skipped');
  return tabs;
}

/** A tab's name with its rows counted («أخطاء — 3 صفوف»). */
function tabLabel(item: FamilyImport, id: TabId): string {
  return `${TABS[id].label} — ${countOf(item.counts[TABS[id].state], 'row')}`;
}

/**
 * /families/import/:id: an import's review — its progress while a job works on it, the rows by
 * state in tabs (the duplicates beside their matches, with their decisions), the invalid rows'
 * download, the commit and its result. The tab and page are in the URL.
 */
export default function FamilyImportReviewPage() {
  const id = useParams().id ?? '';
  const query = useImport(id);
  return (
    <Stack>
      <PageHeader
        title="مراجعة ملف الاستيراد"
        description={
          query.data ? <Identifier value={query.data.file_name} /> : 'صفوف الملف وحالاتها'
        }
        actions={
          <PageButtonLink pageId="families.import" variant="secondary">
            عمليات الاستيراد
          </PageButtonLink>
        }
      />
      <QueryView
        query={query}
        loadingLabel="جارٍ تحميل عملية الاستيراد..."
        notFoundTitle={FAMILY_IMPORT_MESSAGES.notFound}
      >
        {(item) => <ImportReview item={item} />}
      </QueryView>
    </Stack>
  );
}

function ImportReview({ item }: { item: FamilyImport }) {
  const [params, setParams] = useSearchParams();
  const tabs = tabsOf(item);
  const asked = params.get('tab');
  const tab: TabId =
    isTabId(asked) && tabs.includes(asked)
      ? asked
      : item.status === 'done' && tabs.includes('created')
        ? 'created'
        : 'ready';
  const page = Math.max(1, Number(params.get('page')) || 1);

  const show = (next: { tab?: TabId; page?: number }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.tab !== undefined) {
          updated.set('tab', next.tab);
          updated.delete('page');
        }
        if (next.page !== undefined) {
          if (next.page > 1) updated.set('page', String(next.page));
          else updated.delete('page');
        }
        return updated;
      },
      { replace: true },
    );

  const working = item.status === 'validating';
  const statusRef = useRef<HTMLHeadingElement>(null);
  // Once a commit starts, its button goes (with the dialog that had returned focus to it): focus
  // moves to the status it changed when the import no longer reads `ready`.
  // A job that ends moves rows between states (valid → created): the rows read before are stale.
  const invalidate = useInvalidateEndpoints();
  const seenStatus = useRef(item.status);
  useEffect(() => {
    if (seenStatus.current === item.status) return;
    seenStatus.current = item.status;
    void invalidate(familyImportEndpoints.rows);
  }, [invalidate, item.status]);
  const commitStarted = useRef(false);
  useEffect(() => {
    if (!commitStarted.current || item.status === 'ready') return;
    commitStarted.current = false;
    statusRef.current?.focus();
  }, [item.status]);

  return (
    <Stack>
      <Card as="section" aria-labelledby="import-status">
        <SectionTitle id="import-status" ref={statusRef} tabIndex={-1}>
          الحالة <ImportStatusBadge status={item.status} />
        </SectionTitle>
        <Stack $gap="md">
          <p>
            رُفع في {formatDateTime(item.created_at)}
            {item.created_by ? ` بواسطة ${item.created_by.name}` : ''}
          </p>
          <ImportProgress item={item} />
          <ImportCounts item={item} />
          <CommitPanel
            item={item}
            onStarted={() => {
              commitStarted.current = true;
            }}
          />
        </Stack>
      </Card>
      {working || item.status === 'failed' ? null : (
        <Card as="section" aria-labelledby="import-rows">
          <SectionTitle id="import-rows">صفوف الملف</SectionTitle>
          <ReviewTabs
            label="صفوف الملف حسب حالتها"
            tabs={tabs.map((tabId) => ({ id: tabId, label: tabLabel(item, tabId) }))}
            selected={tab}
            onSelect={(next) => show({ tab: next })}
          >
            {tab === 'duplicates' ? (
              <DuplicatesPanel
                item={item}
                page={page}
                onPageChange={(next) => show({ page: next })}
              />
            ) : (
              <Stack $gap="md">
                {tab === 'errors' && item.counts.invalid > 0 ? (
                  <Row>
                    <ExportButton
                      endpoint={familyImportEndpoints.errorsExport}
                      pathParams={{ id: item.id }}
                      filePrefix={`أخطاء-استيراد-${item.id}`}
                      params={{}}
                      label="تنزيل الصفوف غير السليمة مع أخطائها"
                    />
                  </Row>
                ) : null}
                <ImportRowsPanel
                  importId={item.id}
                  state={TABS[tab].state}
                  page={page}
                  onPageChange={(next) => show({ page: next })}
                  caption={TABS[tab].caption}
                  emptyTitle={TABS[tab].empty}
                />
              </Stack>
            )}
          </ReviewTabs>
        </Card>
      )}
    </Stack>
  );
}
