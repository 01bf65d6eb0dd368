import { useState, type ReactNode } from 'react';
import { REASON_REQUIRED_MESSAGE, hasReason } from 'shared-contracts';
import {
  FAMILY_STATUSES,
  familyEndpoints,
  requiresReason,
  researcherOptions,
  seasonEndpoints,
} from 'shared-contracts/beneficiaries';
import {
  BULK_MAX_ITEMS,
  BULK_ACTION_LABELS,
  bulkActionEndpoints,
  type FamilyBulkAction,
  type FamilyBulkInput,
} from 'shared-contracts/resources/bulk-actions-contracts';
import {
  BulkActionDialog,
  PageLink,
  SelectField,
  SelectionBar,
  Stack,
  TextAreaField,
  useCan,
  useCanCall,
  useExport,
  listFilterParams,
  useEndpointCall,
  useEndpointQuery,
  useInvalidateEndpoints,
  selectionRequest,
  type SelectionAction,
  type TableSelection,
} from 'shared-ui';
import { useResearchers } from '../../../lib/lookups';

/** Seasons still taking families (draft, approved, distributing), for the enrol action. */
function SeasonSelect({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const seasons = useEndpointQuery(
    seasonEndpoints.list,
    { query: { 'filter[status]': 'draft,approved,distributing', per_page: '100' } },
    { select: (answer) => answer.data },
  );
  return (
    <SelectField
      label="البرنامج الموسمي"
      required
      placeholder={seasons.isLoading ? 'جارٍ التحميل...' : 'اختر البرنامج'}
      options={(seasons.data ?? []).map((season) => ({ value: season.id, label: season.name }))}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function ResearcherSelect({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const researchers = useResearchers();
  return (
    <SelectField
      label="الباحث الاجتماعي"
      required
      placeholder={researchers.isLoading ? 'جارٍ التحميل...' : 'اختر الباحث'}
      options={researcherOptions(researchers.data ?? [])}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

const REQUIRED = 'هذا الحقل مطلوب';

/**
 * The families list's bulk actions (docs/bulk-actions.md): the bar over the selection with the
 * actions this employee may take (from the endpoint's declaration, plus the seasons permission
 * for enrolling), and the dialog of the chosen one: its fields, then the summary.
 */
export function useFamiliesBulkActions(
  selection: TableSelection,
  params: Readonly<Record<string, string>>,
): { enabled: boolean; bar: ReactNode; dialog: ReactNode } {
  const call = useEndpointCall();
  const invalidate = useInvalidateEndpoints();
  const mayAct = useCanCall(bulkActionEndpoints.families);
  const mayEnrol = useCan('edit_seasonal');
  const mayExport = useCanCall(familyEndpoints.export);
  const { exportFile } = useExport(familyEndpoints.export, 'families');
  const [action, setAction] = useState<FamilyBulkAction | null>(null);
  const [status, setStatus] = useState('');
  const [reason, setReason] = useState('');
  const [researcher, setResearcher] = useState('');
  const [season, setSeason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const open = (next: FamilyBulkAction) => {
    setStatus('');
    setReason('');
    setResearcher('');
    setSeason('');
    setErrors({});
    setAction(next);
  };
  const actions: SelectionAction[] = mayAct
    ? [
        {
          id: 'change_status',
          label: BULK_ACTION_LABELS.change_status,
          onSelect: () => open('change_status'),
        },
        {
          id: 'assign_researcher',
          label: BULK_ACTION_LABELS.assign_researcher,
          onSelect: () => open('assign_researcher'),
        },
        ...(mayExport
          ? [
              {
                id: 'export',
                label: 'تصدير المحدد',
                icon: 'download' as const,
                // The list's export, of the ticked families or of every match of the filter.
                onSelect: () =>
                  void exportFile(
                    selection.mode === 'all'
                      ? listFilterParams(params)
                      : { 'filter[ids]': [...selection.keys].join(',') },
                  ),
              },
            ]
          : []),
        ...(mayEnrol
          ? [
              {
                id: 'enrol_in_season',
                label: BULK_ACTION_LABELS.enrol_in_season,
                onSelect: () => open('enrol_in_season'),
              },
            ]
          : []),
      ]
    : [];

  const selected = selectionRequest(selection, params);

  /** The body of the chosen action, or null with the fields' errors shown. */
  const statusCode = FAMILY_STATUSES.find((item) => item.code === status)?.code;
  const body = (): FamilyBulkInput | null => {
    const found: Record<string, string> = {};
    let input: FamilyBulkInput | null = null;
    if (action === 'change_status') {
      if (!statusCode) found.status = REQUIRED;
      else {
        if (requiresReason(statusCode) && !hasReason(reason))
          found.reason = REASON_REQUIRED_MESSAGE;
        input = { action, status: statusCode, reason: reason || null, ...selected };
      }
    } else if (action === 'assign_researcher') {
      if (!researcher) found.researcher = REQUIRED;
      input = { action, researcher_id: researcher, ...selected };
    } else if (action === 'enrol_in_season') {
      if (!season) found.season = REQUIRED;
      input = { action, season_id: season, ...selected };
    }
    setErrors(found);
    return Object.keys(found).length > 0 ? null : input;
  };

  const bar = (
    <SelectionBar selection={selection} noun="family" actions={actions} limit={BULK_MAX_ITEMS} />
  );
  const dialog = (
    <BulkActionDialog
      open={action !== null}
      title={action ? BULK_ACTION_LABELS[action] : ''}
      noun="family"
      count={selection.count}
      confirmLabel="تنفيذ"
      onClose={() => setAction(null)}
      onSubmit={async () => {
        const input = body();
        return input ? call(bulkActionEndpoints.families, { body: input }) : null;
      }}
      onDone={() => {
        selection.clear();
        void invalidate(familyEndpoints);
      }}
      failedLink={(item) => (
        <PageLink pageId="families.show" params={{ id: item.id }}>
          {item.label ?? 'الأسرة'}
        </PageLink>
      )}
    >
      <Stack>
        {action === 'change_status' ? (
          <>
            <SelectField
              label="الحالة الجديدة"
              required
              placeholder="اختر الحالة"
              options={FAMILY_STATUSES.map((item) => ({ value: item.code, label: item.label }))}
              value={status}
              error={errors.status}
              onChange={(event) => setStatus(event.target.value)}
            />
            <TextAreaField
              label="السبب"
              required={statusCode !== undefined && requiresReason(statusCode)}
              value={reason}
              error={errors.reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </>
        ) : null}
        {action === 'assign_researcher' ? (
          <ResearcherSelect value={researcher} error={errors.researcher} onChange={setResearcher} />
        ) : null}
        {action === 'enrol_in_season' ? (
          <SeasonSelect value={season} error={errors.season} onChange={setSeason} />
        ) : null}
      </Stack>
    </BulkActionDialog>
  );
  return { enabled: actions.length > 0, bar, dialog };
}
