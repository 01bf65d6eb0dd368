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
  /**
   * Optional icon after the text (at the inline end, on the left in RTL): the arrow of «التالي»
   * (`NEXT_ICON`), which points on towards where reading goes.
   */
  iconEnd?: IconName;
}

/**
 * The arrows of a sequence (wizard steps, pages) in right-to-left reading: «السابق» points right,
 * back to where reading started, before its text; «التالي» points left, after its text.
 */
export const PREVIOUS_ICON: IconName = 'chevron-right';
export const NEXT_ICON: IconName = 'chevron-left';

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    loading,
    loadingLabel = BUTTON_LOADING_LABEL,
    icon,
    iconEnd,
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
      {iconEnd && !loading ? <Icon name={iconEnd} size={iconSize} /> : null}
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
