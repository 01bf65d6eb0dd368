import type { ReactNode } from 'react';
import { Button, IconButton } from 'shared-ui';

/** Below a form's repeating rows (income sources, needs, agreements, items): adds one. */
export function AddRowButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="secondary" size="sm" icon="plus" onClick={onClick}>
      {children}
    </Button>
  );
}

/** The bin at the end of a repeating row; `label` names the row ('حذف الاحتياج 2'). */
export function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return <IconButton icon="trash" label={label} onClick={onClick} />;
}
