import type { ReactNode } from 'react';
import { Icon } from '../controls/icon';
import type { IconName } from '../controls/icon-paths';
import { StateActions, StateIcon, StatePanel, StateText, StateTitle } from './state-panel';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** e.g. a "إضافة" button */
  action?: ReactNode;
  icon?: IconName;
  className?: string;
}

export function EmptyState({
  title,
  description,
  action,
  icon = 'inbox',
  className,
}: EmptyStateProps) {
  return (
    <StatePanel className={className}>
      <StateIcon>
        <Icon name={icon} size={28} />
      </StateIcon>
      <StateTitle>{title}</StateTitle>
      {description ? <StateText>{description}</StateText> : null}
      {action ? <StateActions>{action}</StateActions> : null}
    </StatePanel>
  );
}
