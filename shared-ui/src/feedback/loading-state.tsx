import styled from 'styled-components';
import { Spinner } from './spinner';

export const DEFAULT_LOADING_LABEL = 'جارٍ التحميل...';

const Centre = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

export interface LoadingStateProps {
  label?: string;
  className?: string;
}

/** A section's loading state: centred spinner with visible text, announced politely. */
export function LoadingState({ label = DEFAULT_LOADING_LABEL, className }: LoadingStateProps) {
  return (
    <Centre role="status" aria-live="polite" className={className}>
      <Spinner size={28} />
      <span dir="auto">{label}</span>
    </Centre>
  );
}
