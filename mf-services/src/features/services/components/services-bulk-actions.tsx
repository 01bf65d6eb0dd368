import { useState, type ReactNode } from 'react';
import { REASON_REQUIRED_MESSAGE, hasReason } from 'shared-contracts';
import { serviceEndpoints, serviceRequiresReason } from 'shared-contracts/services';
import {
  BULK_ACTION_LABELS,
  BULK_MAX_ITEMS,
  SERVICE_BULK_ACTIONS,
  SERVICE_BULK_TARGET,
  bulkActionEndpoints,
  type ServiceBulkAction,
} from 'shared-contracts/resources/bulk-actions-contracts';
import {
  BulkActionDialog,
  PageLink,
  SelectionBar,
  TextAreaField,
  selectionRequest,
  useCanCall,
  useEndpointCall,
  useInvalidateEndpoints,
  type SelectionAction,
  type TableSelection,
} from 'shared-ui';

/**
 * The services list's bulk actions (docs/bulk-actions.md): approve, start, deliver, reject and
 * cancel the selection, each service through its own workflow; rejecting and cancelling take a
 * reason. Offered only to an employee who may change a service's status.
 */
export function useServicesBulkActions(
  selection: TableSelection,
  params: Readonly<Record<string, string>>,
): { enabled: boolean; bar: ReactNode; dialog: ReactNode } {
  const call = useEndpointCall();
  const invalidate = useInvalidateEndpoints();
  const mayBulk = useCanCall(bulkActionEndpoints.services);
  const mayChangeStatus = useCanCall(serviceEndpoints.status);
  const mayAct = mayBulk && mayChangeStatus;
  const [action, setAction] = useState<ServiceBulkAction | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const needsReason = action !== null && serviceRequiresReason(SERVICE_BULK_TARGET[action]);
  const actions: SelectionAction[] = mayAct
    ? SERVICE_BULK_ACTIONS.map((id) => ({
        id,
        label: BULK_ACTION_LABELS[id],
        onSelect: () => {
          setReason('');
          setError(undefined);
          setAction(id);
        },
      }))
    : [];

  const bar = (
    <SelectionBar selection={selection} noun="service" actions={actions} limit={BULK_MAX_ITEMS} />
  );
  const dialog = (
    <BulkActionDialog
      open={action !== null}
      title={action ? `${BULK_ACTION_LABELS[action]} الخدمات المحددة` : ''}
      noun="service"
      count={selection.count}
      confirmLabel={action ? BULK_ACTION_LABELS[action] : ''}
      destructive={needsReason}
      onClose={() => setAction(null)}
      onSubmit={async () => {
        if (!action) return null;
        if (needsReason && !hasReason(reason)) {
          setError(REASON_REQUIRED_MESSAGE);
          return null;
        }
        setError(undefined);
        return call(bulkActionEndpoints.services, {
          body: {
            action,
            ...(needsReason ? { reason } : {}),
            ...selectionRequest(selection, params),
          },
        });
      }}
      onDone={() => {
        selection.clear();
        void invalidate(serviceEndpoints);
      }}
      failedLink={(item) => (
        <PageLink pageId="services.show" params={{ id: item.id }}>
          {item.label ?? 'الخدمة'}
        </PageLink>
      )}
    >
      {needsReason ? (
        <TextAreaField
          label="السبب"
          required
          value={reason}
          error={error}
          onChange={(event) => setReason(event.target.value)}
        />
      ) : null}
    </BulkActionDialog>
  );
  return { enabled: actions.length > 0, bar, dialog };
}
