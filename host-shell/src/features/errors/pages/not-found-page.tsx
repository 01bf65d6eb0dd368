import styled from 'styled-components';
import { ButtonLink, EmptyState } from 'shared-ui';

export const NOT_FOUND_TITLE = 'الصفحة غير موجودة';

const Screen = styled.main`
  display: flex;
  align-items: center;
  justify-content: center;
  min-block-size: 100vh;
  padding: ${({ theme }) => theme.space.md};
`;

interface NotFoundPageProps {
  /** Where "back" goes: the employee's first page inside the shell, the login page outside it. */
  homePath: string;
  homeLabel: string;
  /** Outside the shell the page brings its own <main>. */
  standalone?: boolean;
}

/**
 * docs/shell.md#screens-and-routes: any other path. Inside the shell when logged in, on its own
 * otherwise.
 */
export function NotFoundPage({ homePath, homeLabel, standalone = false }: NotFoundPageProps) {
  const content = (
    <EmptyState
      icon="search"
      title={NOT_FOUND_TITLE}
      description="الرابط الذي فتحته غير صحيح، أو أن الصفحة نُقلت أو حُذفت."
      action={
        <ButtonLink to={homePath} replace>
          {homeLabel}
        </ButtonLink>
      }
    />
  );
  return standalone ? <Screen>{content}</Screen> : content;
}
