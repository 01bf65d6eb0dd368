import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { readApiError } from 'shared-contracts';
import { type SurveyTemplateDetail } from 'shared-contracts/engagement';
import {
  Button,
  ConfirmDialog,
  IRREVERSIBLE_NOTE,
  Notice,
  PageHeader,
  RecordFromRoute,
  Stack,
  useToast,
} from 'shared-ui';
import { TEMPLATE_RECORD, useTemplateActions } from '../api/surveys-api';
import { TemplateStatusBadge } from '../components/survey-badges';
import { TemplateForm } from '../components/template-form';
import { TemplateVersions } from '../components/template-versions';

/** /survey/templates/edit/:id: the template's questions (a published one saves into a new version), publish / retire, and its versions. */
export default function SurveysTemplatesEditPage() {
  return (
    <RecordFromRoute {...TEMPLATE_RECORD}>
      {(template) => (
        <TemplateEditor key={`${template.id}-${template.current_version.id}`} template={template} />
      )}
    </RecordFromRoute>
  );
}

function TemplateEditor({ template }: { template: SurveyTemplateDetail }) {
  const actions = useTemplateActions();
  const { toast } = useToast();
  // Publishing cannot be taken back (a published version never changes): it is confirmed first.
  const [confirmPublish, setConfirmPublish] = useState(false);
  const change = useMutation({
    mutationFn: (action: 'publish' | 'retire') =>
      action === 'publish' ? actions.publish(template.id) : actions.retire(template.id),
    onSuccess: (answer) => toast({ title: answer.message ?? 'تم', description: answer.data.title }),
    onSettled: () => setConfirmPublish(false),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'تعذر تغيير حالة القالب',
        description: readApiError(error).message,
      }),
  });
  return (
    <Stack>
      <PageHeader
        title={`قالب الاستبيان: ${template.title}`}
        description={
          <>
            الإصدار {template.current_version.version} —{' '}
            <TemplateStatusBadge status={template.status} />
          </>
        }
        actions={
          template.status === 'draft' ? (
            <Button icon="check" loading={change.isPending} onClick={() => setConfirmPublish(true)}>
              نشر القالب
            </Button>
          ) : template.status === 'published' ? (
            <Button
              variant="secondary"
              loading={change.isPending}
              onClick={() => change.mutate('retire')}
            >
              إيقاف القالب
            </Button>
          ) : null
        }
      />
      <ConfirmDialog
        open={confirmPublish}
        title={`نشر القالب «${template.title}»؟`}
        message={`يصبح الإصدار ${template.current_version.version} متاحاً للاستبيانات ولا تتغير أسئلته بعد النشر؛ أي تعديل لاحق ينشئ إصداراً جديداً. ${IRREVERSIBLE_NOTE}`}
        confirmLabel="نشر القالب"
        busy={change.isPending}
        onCancel={() => setConfirmPublish(false)}
        onConfirm={() => change.mutate('publish')}
      />
      {template.status === 'retired' ? (
        <Notice tone="warning">
          القالب موقوف: لا يُعدَّل ولا تُنشأ عليه استبيانات جديدة، وتبقى إجاباته محفوظة.
        </Notice>
      ) : (
        <TemplateForm template={template} />
      )}
      <TemplateVersions templateId={template.id} />
    </Stack>
  );
}
