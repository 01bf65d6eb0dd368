import { css, type DefaultTheme } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

function variantColours(theme: DefaultTheme, variant: ButtonVariant) {
  const c = theme.colors;
  switch (variant) {
    case 'primary':
      return { bg: c.primary, hover: c.primaryHover, fg: c.onPrimary, border: c.primary };
    case 'danger':
      return { bg: c.danger, hover: c.dangerHover, fg: c.onDanger, border: c.danger };
    case 'secondary':
      return {
        bg: c.secondary,
        hover: c.secondaryHover,
        fg: c.onSecondary,
        border: c.borderStrong,
      };
    case 'ghost':
      return { bg: 'transparent', hover: c.surfaceMuted, fg: c.text, border: 'transparent' };
  }
}

/** Shared by Button and ButtonLink so a link that looks like a button is the same button. */
export const buttonStyles = css<{ $variant: ButtonVariant; $size: ButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-block-size: ${({ $size }) => ($size === 'sm' ? '2rem' : '2.5rem')};
  padding-block: 0;
  padding-inline: ${({ $size, theme }) => ($size === 'sm' ? theme.space.sm : theme.space.md)};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $variant }) => variantColours(theme, $variant).border};
  background: ${({ theme, $variant }) => variantColours(theme, $variant).bg};
  color: ${({ theme, $variant }) => variantColours(theme, $variant).fg};
  font-size: ${({ $size, theme }) => ($size === 'sm' ? theme.font.size.sm : theme.font.size.md)};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  line-height: ${({ theme }) => theme.font.lineHeightTight};
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  user-select: none;
  transition:
    background-color ${({ theme }) => theme.motion.fast} ease,
    border-color ${({ theme }) => theme.motion.fast} ease;

  &:hover:not(:disabled):not([aria-disabled='true']) {
    background: ${({ theme, $variant }) => variantColours(theme, $variant).hover};
  }

  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.6;
  }

  &[aria-busy='true'] {
    cursor: progress;
  }
`;
