import { forwardRef, type ButtonHTMLAttributes, type ReactElement } from 'react';
import styled from 'styled-components';
import { Icon } from './icon';
import type { IconName } from './icon-paths';

const StyledIconButton = styled.button<{ $size: 'sm' | 'md' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  inline-size: ${({ $size }) => ($size === 'sm' ? '2rem' : '2.5rem')};
  block-size: ${({ $size }) => ($size === 'sm' ? '2rem' : '2.5rem')};
  padding: 0;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: inherit;
  cursor: pointer;
  transition: background-color ${({ theme }) => theme.motion.fast} ease;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name (aria-label); an icon-only button has no other. */
  label: string;
  /** An icon name, or a ready element for a custom glyph. */
  icon: IconName | ReactElement;
  size?: 'sm' | 'md';
  /** Flip a direction-bearing icon (see Icon). */
  mirrored?: boolean;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, size = 'md', mirrored, type = 'button', ...rest },
  ref,
) {
  return (
    <StyledIconButton ref={ref} type={type} aria-label={label} $size={size} {...rest}>
      {typeof icon === 'string' ? (
        <Icon name={icon} size={size === 'sm' ? 16 : 20} mirrored={mirrored} />
      ) : (
        icon
      )}
    </StyledIconButton>
  );
});
