import styled from 'styled-components';
import { visuallyHiddenStyles } from 'shared-ui';

const Link = styled.a`
  &:not(:focus) {
    ${visuallyHiddenStyles}
  }

  &:focus {
    position: fixed;
    inset-block-start: ${({ theme }) => theme.space.sm};
    inset-inline-start: ${({ theme }) => theme.space.sm};
    z-index: ${({ theme }) => theme.zIndex.tooltip};
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    text-decoration: none;
  }
`;

export const SKIP_LINK_LABEL = 'تخطَّ إلى المحتوى الرئيسي';

/** The first stop of the Tab key: straight past the sidebar and top bar to <main>. */
export function SkipLink({ targetId }: { targetId: string }) {
  return <Link href={`#${targetId}`}>{SKIP_LINK_LABEL}</Link>;
}
