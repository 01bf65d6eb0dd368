import { forwardRef, type ButtonHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Spinner } from '../feedback/spinner';
import { VisuallyHidden } from '../feedback/visually-hidden';
import { buttonStyles, type ButtonSize, type ButtonVariant } from './button-styles';
import { Icon } from './icon';
import type { IconName } from './icon-paths';

export const BUTTON_LOADING_LABEL = 'جارٍ التنفيذ...';

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonStyles}
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * While true the button is disabled, marked aria-busy and shows a spinner; a polite live
   * region next to it announces `loadingLabel`. Pass `loading={false}` from the start (not
   * undefined) so the live region already exists when loading begins, which screen readers need.
   */
  loading?: boolean;
  loadingLabel?: string;
  /** Optional icon before the text (at the inline start, so on the right in RTL). */
  icon?: IconName;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    loading,
    loadingLabel = BUTTON_LOADING_LABEL,
    icon,
    type = 'button',
    disabled,
    children,
    ...rest
  },
  ref,
) {
  const iconSize = size === 'sm' ? 16 : 18;
  const button = (
    <StyledButton
      ref={ref}
      type={type}
      $variant={variant}
      $size={size}
      disabled={disabled || loading === true}
      aria-busy={loading ? true : undefined}
      {...rest}
    >
      {loading ? <Spinner size={iconSize} /> : icon ? <Icon name={icon} size={iconSize} /> : null}
      {children}
    </StyledButton>
  );
  // Only buttons that use the loading feature carry a live region, so plain buttons stay plain.
  if (loading === undefined) return button;
  return (
    <>
      {button}
      <VisuallyHidden role="status" aria-live="polite">
        {loading ? loadingLabel : ''}
      </VisuallyHidden>
    </>
  );
});
