import styled from 'styled-components';
import { Spinner } from './spinner';

const Screen = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  min-block-size: 100vh;
  color: ${({ theme }) => theme.colors.textMuted};
  background: ${({ theme }) => theme.colors.background};
`;

export interface FullPageLoadingProps {
  /** Exactly 'Loading...' (docs/shell.md#screens-and-routes) while the session is checked. */
  label?: string;
}

/** The route guard's checking state: a centred spinner over the whole viewport. */
export function FullPageLoading({ label = 'Loading...' }: FullPageLoadingProps) {
  return (
    <Screen role="status" aria-live="polite">
      <Spinner size={36} />
      {/* dir="auto": the Latin 'Loading...' would otherwise show its dots on the wrong side in RTL. */}
      <span dir="auto">{label}</span>
    </Screen>
  );
}
