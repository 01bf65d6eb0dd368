import { useState } from 'react';
import {
  FAMILY_STATUS_ACTION_LABELS,
  familyEndpoints,
  familyStatusLabel,
  nextFamilyStatuses,
  requiresReason,
  type FamilyDetail,
  type FamilyStatus,
} from 'shared-contracts/beneficiaries';
import {
  Button,
  Muted,
  Row,
  Stack,
  SubTitle,
  formatDateTime,
  useCanCall,
  StatusChangeDialog,
  statusChangeBody,
  useStatusChangeFeedback,
} from 'shared-ui';
import styled from 'styled-components';
import { useFamilyStatusChange } from '../api/families-api';
import { FamilyStatusBadge } from '../../../lib/components/family-status-badge';

const History = styled.ol`
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space.lg};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const DESTRUCTIVE: readonly FamilyStatus[] = ['rejected', 'suspended', 'archived'];

const CONFIRM_MESSAGES: Partial<Record<FamilyStatus, string>> = {
  pending_review: 'ستُرسل الأسرة للمراجعة بعد التحقق من اكتمال بياناتها.',
  approved: 'ستصبح الأسرة معتمدة ومؤهلة للبرامج والخدمات.',
  rejected: 'ستُرفض الأسرة ويُحفظ السبب في سجل حالتها. يمكن إعادة إرسالها للمراجعة لاحقاً.',
  suspended: 'ستتوقف الأسرة عن الاستفادة حتى إعادة اعتمادها.',
  archived: 'الأرشفة نهائية: لا تعود الأسرة بعدها إلى أي حالة أخرى.',
};

/** The family's status, its history and the transitions the workflow allows (who may change it). */
export function FamilyStatusPanel({ family }: { family: FamilyDetail }) {
  const canChange = useCanCall(familyEndpoints.status);
  const [target, setTarget] = useState<FamilyStatus | null>(null);
  const feedback = useStatusChangeFeedback('تم تغيير حالة الأسرة', familyStatusLabel, () =>
    setTarget(null),
  );
  const change = useFamilyStatusChange(family.id);

  const next = nextFamilyStatuses(family.status);
  const history = [...family.status_history].reverse();

  return (
    <Stack $gap="md">
      <Row>
        <span>الحالة الحالية:</span>
        <FamilyStatusBadge status={family.status} />
        {family.status_reason ? <Muted as="span">السبب: {family.status_reason}</Muted> : null}
      </Row>
      {canChange && next.length > 0 ? (
        <Row aria-label="إجراءات الحالة" role="group">
          {next.map((status) => (
            <Button
              key={status}
              size="sm"
              variant={DESTRUCTIVE.includes(status) ? 'danger' : 'primary'}
              onClick={() => setTarget(status)}
            >
              {FAMILY_STATUS_ACTION_LABELS[status]}
            </Button>
          ))}
        </Row>
      ) : null}
      <div>
        <SubTitle>سجل الحالة</SubTitle>
        {history.length === 0 ? (
          <Muted>لا يوجد سجل بعد.</Muted>
        ) : (
          <History>
            {history.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                {entry.from ? `${familyStatusLabel(entry.from)} ← ` : 'إنشاء: '}
                <strong>{familyStatusLabel(entry.to)}</strong> — {formatDateTime(entry.at)}
                {entry.by ? ` — ${entry.by.name}` : ''}
                {entry.reason ? <Muted>السبب: {entry.reason}</Muted> : null}
              </li>
            ))}
          </History>
        )}
      </div>
      <StatusChangeDialog
        request={
          target
            ? {
                title: `${FAMILY_STATUS_ACTION_LABELS[target]} الأسرة «${family.head_name}»؟`,
                message:
                  CONFIRM_MESSAGES[target] ??
                  `ستنتقل الأسرة إلى حالة «${familyStatusLabel(target)}».`,
                confirmLabel: FAMILY_STATUS_ACTION_LABELS[target],
                requireReason: requiresReason(target),
                destructive: DESTRUCTIVE.includes(target),
              }
            : null
        }
        busy={change.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={(reason) => {
          if (target) change.mutate(statusChangeBody(target, reason), feedback);
        }}
      />
    </Stack>
  );
}
