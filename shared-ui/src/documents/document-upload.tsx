import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import styled, { css } from 'styled-components';
import { countOf, readApiError } from 'shared-contracts';
import type { DocumentParentRef } from 'shared-contracts/resources/documents-client';
import {
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
} from 'shared-contracts/resources/documents-contracts';
import { Button } from '../controls/button';
import { DateField } from '../forms/date-field';
import { SelectField } from '../forms/select-field';
import { useToast } from '../toast/toast-context';
import { DOCUMENT_ACCEPT, formatFileSize } from './document-values';
import { useUploadDocument } from './documents-api';

export const PICK_FILES_LABEL = 'اختيار ملفات';
export const TAKE_PHOTO_LABEL = 'التقاط صورة';
export const UPLOAD_LABEL = 'رفع الملفات';
export const KIND_LABEL = 'نوع المستند';
export const MEMBER_LABEL = 'الفرد المعني';
export const WHOLE_FAMILY_LABEL = 'الأسرة كلها';
export const EXPIRES_LABEL = 'تاريخ الانتهاء';
export const KIND_REQUIRED = 'اختر نوع المستند';

export interface DocumentMemberOption {
  id: number;
  name: string;
}

interface PendingFile {
  key: string;
  file: File;
  kind: DocumentKind | '';
  memberId: string;
  expiresOn: string;
  uploading: boolean;
  progress: number;
  error?: string;
  kindError?: string;
}

const DropZone = styled.div<{ $over: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 2px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  ${({ $over, theme }) =>
    $over &&
    css`
      border-color: ${theme.colors.primary};
      background: ${theme.colors.surfaceMuted};
    `}
`;

const PendingList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const PendingItem = styled.li`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const FileName = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-inline-size: 0;
  overflow-wrap: anywhere;
`;

const Progress = styled.progress`
  inline-size: 100%;
  block-size: 0.5rem;
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.dangerText};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

let nextKey = 0;

/**
 * Adding documents: files picked (several at once), taken with a phone's camera or dropped on
 * the zone, each with its kind, its member (a family's) and its expiry, uploaded one after the
 * other with a progress bar each. A file that fails keeps its place with the API's message.
 */
export function DocumentUpload({
  parent,
  kinds,
  members,
}: {
  parent: DocumentParentRef;
  kinds: readonly DocumentKind[];
  members?: readonly DocumentMemberOption[];
}) {
  const id = useId();
  const pickRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);
  const upload = useUploadDocument(parent);
  const { toast } = useToast();

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const added = [...files].map<PendingFile>((file) => ({
      key: `f${(nextKey += 1)}`,
      file,
      kind: '',
      memberId: '',
      expiresOn: '',
      uploading: false,
      progress: 0,
    }));
    setPending((list) => [...list, ...added]);
  };

  const change = (key: string, patch: Partial<PendingFile>) =>
    setPending((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    add(event.target.files);
    // The same file may be picked again after it was removed.
    event.target.value = '';
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    add(event.dataTransfer.files);
  };

  const uploadAll = async () => {
    const missing = pending.filter((item) => item.kind === '');
    if (missing.length > 0) {
      setPending((list) =>
        list.map((item) => (item.kind === '' ? { ...item, kindError: KIND_REQUIRED } : item)),
      );
      return;
    }
    setBusy(true);
    let done = 0;
    for (const item of pending) {
      if (item.kind === '') continue;
      change(item.key, { uploading: true, progress: 0, error: undefined });
      try {
        await upload.mutateAsync({
          file: item.file,
          fields: {
            kind: item.kind,
            member_id: item.memberId === '' ? undefined : Number(item.memberId),
            expires_on: item.expiresOn === '' ? undefined : item.expiresOn,
          },
          onProgress: (fraction) => change(item.key, { progress: Math.round(fraction * 100) }),
        });
        done += 1;
        setPending((list) => list.filter((other) => other.key !== item.key));
      } catch (error) {
        change(item.key, { uploading: false, error: readApiError(error).message });
      }
    }
    setBusy(false);
    if (done > 0) toast({ title: `تم رفع ${countOf(done, 'document', { case: 'oblique' })}` });
  };

  const kindOptions = kinds.map((kind) => ({ value: kind, label: DOCUMENT_KIND_LABELS[kind] }));
  const memberOptions = (members ?? []).map((member) => ({
    value: member.id,
    label: member.name,
  }));

  return (
    <>
      <DropZone
        $over={over}
        role="group"
        aria-label="إضافة مستندات"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span>أفلت الملفات هنا (بي دي إف أو صور)، أو</span>
        <Button
          type="button"
          variant="secondary"
          icon="plus"
          onClick={() => pickRef.current?.click()}
        >
          {PICK_FILES_LABEL}
        </Button>
        <Button type="button" variant="secondary" onClick={() => cameraRef.current?.click()}>
          {TAKE_PHOTO_LABEL}
        </Button>
        <input
          ref={pickRef}
          id={`${id}-files`}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          onChange={onPicked}
          hidden
          aria-label={PICK_FILES_LABEL}
          data-documents-input="files"
        />
        <input
          ref={cameraRef}
          type="file"
          accept="image/*"
          capture="environment"
          onChange={onPicked}
          hidden
          aria-label={TAKE_PHOTO_LABEL}
          data-documents-input="camera"
        />
      </DropZone>
      {pending.length > 0 ? (
        <>
          <PendingList aria-label="ملفات بانتظار الرفع">
            {pending.map((item) => (
              <PendingItem key={item.key}>
                <FileName>
                  <bdi data-identifier="">{item.file.name}</bdi>
                  <span>{formatFileSize(item.file.size)}</span>
                  {item.uploading ? (
                    <Progress
                      max={100}
                      value={item.progress}
                      aria-label={`تقدم رفع ${item.file.name}`}
                    />
                  ) : null}
                  {item.error ? <ErrorText role="alert">{item.error}</ErrorText> : null}
                </FileName>
                <SelectField
                  label={KIND_LABEL}
                  aria-label={`${KIND_LABEL}: ${item.file.name}`}
                  required
                  placeholder="اختر..."
                  options={kindOptions}
                  value={item.kind}
                  error={item.kindError}
                  disabled={item.uploading}
                  onChange={(event) =>
                    change(item.key, {
                      kind: event.target.value as DocumentKind | '',
                      kindError: undefined,
                    })
                  }
                />
                {members ? (
                  <SelectField
                    label={MEMBER_LABEL}
                    aria-label={`${MEMBER_LABEL}: ${item.file.name}`}
                    placeholder={WHOLE_FAMILY_LABEL}
                    options={memberOptions}
                    value={item.memberId}
                    disabled={item.uploading}
                    onChange={(event) => change(item.key, { memberId: event.target.value })}
                  />
                ) : null}
                <DateField
                  label={EXPIRES_LABEL}
                  showHijri={false}
                  value={item.expiresOn}
                  disabled={item.uploading}
                  onChange={(event) => change(item.key, { expiresOn: event.target.value })}
                />
                <Actions>
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    icon="close"
                    disabled={item.uploading}
                    aria-label={`إزالة ${item.file.name}`}
                    onClick={() =>
                      setPending((list) => list.filter((other) => other.key !== item.key))
                    }
                  >
                    إزالة
                  </Button>
                </Actions>
              </PendingItem>
            ))}
          </PendingList>
          <Actions>
            <Button type="button" icon="check" loading={busy} onClick={() => void uploadAll()}>
              {`${UPLOAD_LABEL} (${countOf(pending.length, 'file')})`}
            </Button>
          </Actions>
        </>
      ) : null}
    </>
  );
}
