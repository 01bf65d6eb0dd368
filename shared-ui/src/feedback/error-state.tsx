import type { ReactNode } from 'react';
import { Button } from '../controls/button';
import { Icon } from '../controls/icon';
import { StateActions, StateIcon, StatePanel, StateText, StateTitle } from './state-panel';

export const DEFAULT_ERROR_TITLE = 'حدث خطأ';
export const DEFAULT_RETRY_LABEL = 'إعادة المحاولة';

export interface ErrorStateProps {
  title?: ReactNode;
  message: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}

/** An error panel in place of content (failed query, failed remote): announced as an alert. */
export function ErrorState({
  title = DEFAULT_ERROR_TITLE,
  message,
  onRetry,
  retryLabel = DEFAULT_RETRY_LABEL,
  className,
}: ErrorStateProps) {
  return (
    <StatePanel role="alert" className={className}>
      <StateIcon $tone="danger">
        <Icon name="alert" size={28} />
      </StateIcon>
      <StateTitle>{title}</StateTitle>
      <StateText>{message}</StateText>
      {onRetry ? (
        <StateActions>
          <Button variant="secondary" icon="refresh" onClick={onRetry}>
            {retryLabel}
          </Button>
        </StateActions>
      ) : null}
    </StatePanel>
  );
}
