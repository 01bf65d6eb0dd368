import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { readApiError } from 'shared-contracts';
import { FAMILY_IMPORT_MESSAGES, IMPORT_LIMITS } from 'shared-contracts/beneficiaries';
import { Button, Dialog, Notice, PageButtonLink, Stack } from 'shared-ui';
import { isWorking, useImport, useUploadImport } from '../api/family-import-api';
import { ImportProgress } from './import-progress';
import { ProgressMeter } from './progress-meter';
import { TemplateButton } from './template-button';

/** What the file picker offers: spreadsheets by extension and by type (the server reads content). */
const ACCEPT = [
  '.xlsx',
  '.csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
].join(',');

/** The contract's own message names the formats in Latin letters; the screen says it in Arabic. */
const NO_FILE = 'اختر ملف جدول البيانات أولاً: ملف إكسل أو ملف نصي مفصول بفواصل';

const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Label = styled.label`
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const FileInput = styled.input`
  padding: ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

export interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * A new import: pick a spreadsheet, watch it upload, then watch its rows validated (polled from
 * the import). Closing the dialog stops nothing: the job runs on the server and the list shows
 * its state.
 */
export function UploadDialog({ open, onClose }: UploadDialogProps) {
  const formId = useId();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const upload = useUploadImport();

  const close = () => {
    setFile(null);
    setProblem(null);
    setImportId(null);
    upload.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem(NO_FILE);
    if (file.size > IMPORT_LIMITS.maxBytes) return setProblem(FAMILY_IMPORT_MESSAGES.tooLarge);
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (created) => setImportId(created.id),
      onError: (error) => setProblem(readApiError(error).message),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="استيراد أسر من ملف"
      description="ارفع جدول بيانات بأعمدة نموذج الاستيراد؛ يُتحقق من كل صف بقواعد تسجيل الأسرة نفسها قبل إنشاء أي أسرة."
      closeOnBackdrop={!upload.isPending}
      footer={
        importId === null ? (
          <>
            <Button
              type="submit"
              form={formId}
              icon="plus"
              loading={upload.isPending}
              loadingLabel="جارٍ رفع الملف..."
            >
              رفع الملف
            </Button>
            <Button variant="secondary" onClick={close} disabled={upload.isPending}>
              إلغاء
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={close}>
            إغلاق
          </Button>
        )
      }
    >
      {importId === null ? (
        <form id={formId} onSubmit={submit} noValidate>
          <Stack>
            <Field>
              <Label htmlFor={inputId}>ملف جدول البيانات</Label>
              <FileInput
                id={inputId}
                type="file"
                accept={ACCEPT}
                aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
                aria-invalid={problem ? true : undefined}
                disabled={upload.isPending}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setProblem(null);
                }}
              />
              <Hint id={hintId}>
                ملف إكسل أو ملف نصي مفصول بفواصل، حتى عشرين ميغابايت. نزّل النموذج لتطابق أعمدته
                أعمدة الملف.
              </Hint>
            </Field>
            <div>
              <TemplateButton />
            </div>
            {upload.progress ? (
              <ProgressMeter
                label="رفع الملف"
                value={upload.progress.loaded}
                max={upload.progress.total}
              />
            ) : null}
            {problem ? (
              <div id={errorId}>
                <Notice tone="danger" role="alert">
                  {problem}
                </Notice>
              </div>
            ) : null}
          </Stack>
        </form>
      ) : (
        <UploadedImport id={importId} />
      )}
    </Dialog>
  );
}

/** After the upload: the validation's progress, then the way to the review. */
function UploadedImport({ id }: { id: number }) {
  const query = useImport(id);
  const item = query.data;
  // The submit button that had focus is gone: focus moves to the outcome, read out at once.
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => outcomeRef.current?.focus(), []);
  return (
    <Stack>
      <div ref={outcomeRef} tabIndex={-1}>
        <Notice tone="success">{FAMILY_IMPORT_MESSAGES.accepted}</Notice>
      </div>
      {item ? <ImportProgress item={item} /> : null}
      {item && !isWorking(item.status) && item.status !== 'failed' ? (
        <div>
          <PageButtonLink pageId="families.import.show" params={{ id }} icon="eye">
            مراجعة الصفوف
          </PageButtonLink>
        </div>
      ) : (
        <p>يمكنك إغلاق هذه النافذة؛ يستمر التحقق وتظهر حالته في قائمة عمليات الاستيراد.</p>
      )}
    </Stack>
  );
}
