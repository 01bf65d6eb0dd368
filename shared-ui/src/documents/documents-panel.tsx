import { useState } from 'react';
import styled from 'styled-components';
import { countOf, endpointUrl, readApiError } from 'shared-contracts';
import type { DocumentParentRef } from 'shared-contracts/resources/documents-client';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_MESSAGES,
  documentEndpoints,
  type DocumentItem,
  type DocumentTombstone,
} from 'shared-contracts/resources/documents-contracts';
import { useApiClient } from '../api/api-client';
import { useCanCall } from '../api/use-endpoint';
import { useCurrentEmployee } from '../api/use-current-employee';
import { saveBlob } from '../api/download';
import { Button } from '../controls/button';
import { Icon } from '../controls/icon';
import { Badge } from '../data/badge';
import { DataTable, type DataTableColumn } from '../data/data-table';
import { QueryErrorState } from '../feedback/query-error-state';
import { Spinner } from '../feedback/spinner';
import { formatDate, formatDateTime } from '../format/format';
import { Dialog } from '../overlays/dialog';
import { ReasonConfirmDialog } from '../overlays/reason-confirm-dialog';
import { useToast } from '../toast/toast-context';
import { DocumentUpload, type DocumentMemberOption } from './document-upload';
import { documentKindsFor, expiryLabel, expiryStateOf, formatFileSize } from './document-values';
import {
  useDeleteDocument,
  useDocumentList,
  useDocumentUrl,
  useFetchDocument,
} from './documents-api';

export const DOCUMENTS_EMPTY = 'لم يُرفع أي مستند بعد';
export const DELETED_LABEL = 'محذوف';
export const PREVIEW_LABEL = 'معاينة';
export const OPEN_LABEL = 'فتح';
export const DOWNLOAD_LABEL = 'تنزيل';
export const DELETE_LABEL = 'حذف';

export interface DocumentsPanelProps {
  /** The family, service or financial record the documents are attached to. */
  parent: DocumentParentRef;
  /** A family's members, to name the one a document is about (family documents only). */
  members?: readonly DocumentMemberOption[];
  /** The table's caption (read by screen readers). */
  caption?: string;
}

type Row =
  | { key: string; deleted: false; document: DocumentItem }
  | { key: string; deleted: true; tombstone: DocumentTombstone };

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Cell = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const ThumbButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  inline-size: 3rem;
  block-size: 3rem;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  cursor: zoom-in;
  overflow: hidden;

  img {
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }
`;

const Preview = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  min-block-size: 12rem;

  img {
    max-inline-size: 100%;
    max-block-size: 70vh;
    object-fit: contain;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

function isImage(document: DocumentItem): boolean {
  return document.mime_type.startsWith('image/');
}

/** The image's small version, a button that opens the preview. */
function Thumbnail({ document, onOpen }: { document: DocumentItem; onOpen: () => void }) {
  const { url } = useDocumentUrl(document.has_thumbnail ? document.id : null, 'thumbnail');
  return (
    <ThumbButton
      type="button"
      onClick={onOpen}
      aria-label={`${PREVIEW_LABEL} ${document.file_name}`}
    >
      {url ? <img src={url} alt="" width={48} height={48} /> : <Icon name="eye" size={20} />}
    </ThumbButton>
  );
}

/** The image shown whole in a focus-trapped dialog (shared-ui Dialog). */
function Lightbox({
  document,
  onClose,
  onDownload,
}: {
  document: DocumentItem | null;
  onClose: () => void;
  onDownload: (document: DocumentItem) => void;
}) {
  const { url, failed } = useDocumentUrl(document?.id ?? null, 'inline');
  return (
    <Dialog
      open={document !== null}
      onClose={onClose}
      size="lg"
      title={
        document ? (
          <>
            {DOCUMENT_KIND_LABELS[document.kind]}:{' '}
            <bdi data-identifier="">{document.file_name}</bdi>
          </>
        ) : (
          ''
        )
      }
      footer={
        document ? (
          <Button variant="secondary" icon="download" onClick={() => onDownload(document)}>
            {DOWNLOAD_LABEL}
          </Button>
        ) : null
      }
    >
      <Preview>
        {url && document ? (
          <img src={url} alt={`${DOCUMENT_KIND_LABELS[document.kind]}: ${document.file_name}`} />
        ) : failed ? (
          <p role="alert">تعذّر عرض الصورة، حاول تنزيلها.</p>
        ) : (
          <Spinner label="جارٍ تحميل الصورة..." />
        )}
      </Preview>
    </Dialog>
  );
}

/**
 * A parent's documents (docs/documents.md): for editors, adding files (several at once, dropped,
 * or taken with a phone's camera) with a kind, a member and an expiry each; the list with kind,
 * member, uploader, date, size and expiry (near or past expiry marked); images previewed in a
 * dialog, PDFs opened in a new tab, any document downloaded; deleting with a reason, the deleted
 * ones staying listed as such. Medical kinds are offered only to who may see medical fields.
 */
export function DocumentsPanel({ parent, members, caption = 'المستندات' }: DocumentsPanelProps) {
  const query = useDocumentList(parent);
  const { data: employee } = useCurrentEmployee();
  const kinds = documentKindsFor(employee);
  const endpoints = {
    family: documentEndpoints.familyUpload,
    service: documentEndpoints.serviceUpload,
    financial_record: documentEndpoints.recordUpload,
  } as const;
  const canEdit = useCanCall(endpoints[parent.kind]);
  const fetchDocument = useFetchDocument();
  const client = useApiClient();
  const remove = useDeleteDocument();
  const { toast } = useToast();
  const [previewing, setPreviewing] = useState<DocumentItem | null>(null);
  const [deleting, setDeleting] = useState<DocumentItem | null>(null);

  if (query.isError)
    return <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const failed = (error: unknown) =>
    toast({ title: readApiError(error).message, variant: 'destructive' });

  const download = (document: DocumentItem) => {
    fetchDocument(document.id, 'download').then(
      (blob) => saveBlob(blob, document.file_name),
      failed,
    );
  };

  /**
   * A PDF in a new tab: the tab is opened at the click (a tab opened after an await is blocked
   * as a pop-up), then shown the bytes read with the session's token. A PDF the API serves only
   * as a download (active content) is saved instead.
   */
  const openInTab = (document: DocumentItem) => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    client
      .get<Blob>(endpointUrl(documentEndpoints.content, { id: document.id }), {
        params: { inline: '1' },
        responseType: 'blob',
        timeout: 60_000,
      })
      .then(
        (response) => {
          const disposition = String(response.headers['content-disposition'] ?? '');
          if (!tab || disposition.startsWith('attachment')) {
            tab?.close();
            saveBlob(response.data, document.file_name);
            return;
          }
          const url = URL.createObjectURL(response.data);
          tab.location.href = url;
          setTimeout(() => URL.revokeObjectURL(url), 60_000);
        },
        (error: unknown) => {
          tab?.close();
          failed(error);
        },
      );
  };

  const visible = (kind: DocumentItem['kind']) => kinds.includes(kind);
  const rows: Row[] = [
    ...(query.data?.documents ?? [])
      .filter((document) => visible(document.kind))
      .map<Row>((document) => ({ key: `d${document.id}`, deleted: false, document })),
    ...(query.data?.deleted ?? [])
      .filter((tombstone) => visible(tombstone.kind))
      .map<Row>((tombstone) => ({ key: `t${tombstone.id}`, deleted: true, tombstone })),
  ];
  const documentsCount = rows.filter((row) => !row.deleted).length;

  const columns: DataTableColumn<Row>[] = [
    {
      id: 'preview',
      header: PREVIEW_LABEL,
      priority: 2,
      cell: (row) =>
        !row.deleted && isImage(row.document) ? (
          <Thumbnail document={row.document} onOpen={() => setPreviewing(row.document)} />
        ) : null,
    },
    {
      id: 'kind',
      header: 'النوع',
      card: 'title',
      cell: (row) => {
        if (row.deleted)
          return (
            <Cell>
              {DOCUMENT_KIND_LABELS[row.tombstone.kind]}{' '}
              <Badge tone="neutral">{DELETED_LABEL}</Badge>
            </Cell>
          );
        const state = expiryStateOf(row.document.expires_on);
        const label = expiryLabel(state);
        return (
          <Cell>
            {DOCUMENT_KIND_LABELS[row.document.kind]}
            {label ? (
              <Badge tone={state.kind === 'expired' ? 'danger' : 'warning'}>{label}</Badge>
            ) : null}
          </Cell>
        );
      },
    },
    {
      id: 'file',
      header: 'الملف',
      card: true,
      cell: (row) =>
        row.deleted ? (
          <Muted>
            السبب: <bdi>{row.tombstone.reason}</bdi>
          </Muted>
        ) : (
          <bdi data-identifier="">{row.document.file_name}</bdi>
        ),
    },
  ];
  if (parent.kind === 'family')
    columns.push({
      id: 'member',
      header: 'الفرد',
      priority: 2,
      cell: (row) => (row.deleted ? '' : (row.document.member?.name ?? 'الأسرة كلها')),
    });
  columns.push(
    {
      id: 'by',
      header: 'بواسطة',
      priority: 2,
      cell: (row) =>
        row.deleted
          ? `حذفه ${row.tombstone.deleted_by?.name ?? '—'}`
          : (row.document.uploaded_by?.name ?? '—'),
    },
    {
      id: 'date',
      header: 'التاريخ',
      card: true,
      cell: (row) =>
        row.deleted
          ? formatDateTime(row.tombstone.deleted_at)
          : formatDateTime(row.document.uploaded_at),
    },
    {
      id: 'size',
      header: 'الحجم',
      priority: 2,
      cell: (row) => (row.deleted ? '' : formatFileSize(row.document.size)),
    },
    {
      id: 'expires',
      header: 'ينتهي في',
      priority: 2,
      cell: (row) =>
        row.deleted || !row.document.expires_on ? '' : formatDate(row.document.expires_on),
    },
    {
      id: 'actions',
      header: 'إجراءات',
      card: true,
      cell: (row) => {
        if (row.deleted) return null;
        const document = row.document;
        return (
          <Actions>
            {isImage(document) ? (
              <Button
                size="sm"
                variant="secondary"
                icon="eye"
                aria-label={`${PREVIEW_LABEL} ${document.file_name}`}
                onClick={() => setPreviewing(document)}
              >
                {PREVIEW_LABEL}
              </Button>
            ) : (
              <Button
                size="sm"
                variant="secondary"
                icon="eye"
                aria-label={`${OPEN_LABEL} ${document.file_name}`}
                onClick={() => openInTab(document)}
              >
                {OPEN_LABEL}
              </Button>
            )}
            <Button
              size="sm"
              variant="secondary"
              icon="download"
              aria-label={`${DOWNLOAD_LABEL} ${document.file_name}`}
              onClick={() => download(document)}
            >
              {DOWNLOAD_LABEL}
            </Button>
            {canEdit ? (
              <Button
                size="sm"
                variant="danger"
                icon="trash"
                aria-label={`${DELETE_LABEL} ${document.file_name}`}
                onClick={() => setDeleting(document)}
              >
                {DELETE_LABEL}
              </Button>
            ) : null}
          </Actions>
        );
      },
    },
  );

  return (
    <Stack>
      {canEdit ? <DocumentUpload parent={parent} kinds={kinds} members={members} /> : null}
      <DataTable
        caption={caption}
        columns={columns}
        rows={rows}
        rowKey="key"
        loading={query.isPending}
        loadingLabel="جارٍ تحميل المستندات..."
        emptyTitle={DOCUMENTS_EMPTY}
      />
      {documentsCount > 0 ? <span>{countOf(documentsCount, 'document')}</span> : null}
      <Lightbox document={previewing} onClose={() => setPreviewing(null)} onDownload={download} />
      <ReasonConfirmDialog
        open={deleting !== null}
        title="حذف المستند"
        message={
          deleting ? (
            <>
              سيُحذف المستند <bdi data-identifier="">{deleting.file_name}</bdi> ويبقى أثره في القائمة
              مع سبب الحذف.
            </>
          ) : null
        }
        confirmLabel={DELETE_LABEL}
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={(reason) => {
          if (!deleting) return;
          remove.mutate(
            { id: deleting.id, reason },
            {
              onSuccess: () => {
                setDeleting(null);
                toast({ title: DOCUMENT_MESSAGES.deleted });
              },
              onError: failed,
            },
          );
        }}
      />
    </Stack>
  );
}
