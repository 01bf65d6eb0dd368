import { useState } from 'react';
import { countOf, readApiError } from 'shared-contracts';
import { FAMILY_IMPORT_MESSAGES, type FamilyImport } from 'shared-contracts/beneficiaries';
import { Button, ConfirmDialog, Notice, Row, useToast } from 'shared-ui';
import { useCommitImport } from '../api/family-import-api';

/**
 * The commit: offered once every row is judged (`ready`); confirmed first, since it creates
 * families. While it runs the page polls the import (its progress shows above); once done, the
 * result says what was created and updated.
 */
export function CommitPanel({ item, onStarted }: { item: FamilyImport; onStarted?: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const commit = useCommitImport(item.id);
  const { toast } = useToast();

  if (item.status === 'done')
    return (
      <Notice tone="success">
        اكتمل الاستيراد. الأسر المنشأة: {countOf(item.counts.created, 'family')}؛ الأسر المحدّثة:{' '}
        {countOf(item.counts.updated, 'family')}.
      </Notice>
    );
  if (item.status !== 'ready') return null;

  const confirm = () =>
    commit.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: FAMILY_IMPORT_MESSAGES.commitStarted });
        onStarted?.();
      },
      onError: () => setConfirming(false),
    });

  return (
    <>
      {commit.isError ? (
        <Notice tone="danger" role="alert">
          {readApiError(commit.error).message}
        </Notice>
      ) : null}
      <Row>
        <Button icon="check" onClick={() => setConfirming(true)}>
          اعتماد الملف وإنشاء الأسر
        </Button>
      </Row>
      <ConfirmDialog
        open={confirming}
        title="اعتماد الملف"
        message={
          <>
            ستُنشأ أسرة لكل صف سليم (
            {countOf(item.counts.valid, 'row', { zero: 'لا توجد صفوف سليمة' })}) وتُطبق القرارات
            المتخذة في الصفوف المكررة. لا يُنشأ شيء من الصفوف غير السليمة، ويستمر الإنشاء إن غادرت
            الصفحة.
          </>
        }
        confirmLabel="اعتماد وإنشاء الأسر"
        busy={commit.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
