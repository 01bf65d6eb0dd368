import { forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import styled from 'styled-components';
import { buttonStyles, type ButtonSize, type ButtonVariant } from './button-styles';
import { Icon } from './icon';
import type { IconName } from './icon-paths';

const StyledLink = styled(Link)<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonStyles}
`;

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: IconName;
}

/** Navigation that looks like a button ("إضافة أسرة" → /families/create): still a real link. */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant = 'primary', size = 'md', icon, children, ...rest },
  ref,
) {
  return (
    <StyledLink ref={ref} $variant={variant} $size={size} {...rest}>
      {icon ? <Icon name={icon} size={size === 'sm' ? 16 : 18} /> : null}
      {children}
    </StyledLink>
  );
});
