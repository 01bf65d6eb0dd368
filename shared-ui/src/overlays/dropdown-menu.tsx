import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import styled, { css } from 'styled-components';
import { buttonStyles, type ButtonVariant } from '../controls/button-styles';
import { Icon } from '../controls/icon';
import type { IconName } from '../controls/icon-paths';

export interface DropdownMenuItem {
  label: string;
  icon?: IconName | ReactElement;
  onSelect: () => void;
  destructive?: boolean;
  disabled?: boolean;
}

export interface DropdownMenuProps {
  /** Accessible name of the trigger button and of the menu ('قائمة الحساب'). */
  label: string;
  /** What the trigger button shows (an avatar and name, an icon, text). */
  trigger: ReactNode;
  items: readonly DropdownMenuItem[];
  /** Which edge of the trigger the menu lines up with; default 'end' (left in RTL). */
  align?: 'start' | 'end';
  /** Trigger look; default 'ghost'. */
  triggerVariant?: ButtonVariant;
  className?: string;
}

const Root = styled.div`
  position: relative;
  display: inline-block;
`;

const Trigger = styled.button<{ $variant: ButtonVariant; $size: 'sm' | 'md' }>`
  ${buttonStyles}
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Menu = styled.div<{ $align: 'start' | 'end' }>`
  position: absolute;
  inset-block-start: calc(100% + ${({ theme }) => theme.space.xs});
  ${({ $align }) =>
    $align === 'end'
      ? css`
          inset-inline-end: 0;
        `
      : css`
          inset-inline-start: 0;
        `}
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  min-inline-size: 12rem;
  padding: ${({ theme }) => theme.space.xs};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const Item = styled.button<{ $destructive: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  inline-size: 100%;
  padding-block: ${({ theme }) => theme.space.xs};
  padding-inline: ${({ theme }) => theme.space.sm};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme, $destructive }) => ($destructive ? theme.colors.dangerText : theme.colors.text)};
  text-align: start;
  cursor: pointer;

  &:hover,
  &:focus {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    outline: none;
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }

  &[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

/** WAI-ARIA menu button: Enter/Space/↓ open on the first item, ↑ on the last. */
export function DropdownMenu({
  label,
  trigger,
  items,
  align = 'end',
  triggerVariant = 'ghost',
  className,
}: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const pendingFocus = useRef<'first' | 'last'>('first');
  const menuId = useId();
  const triggerId = useId();

  const enabledIndexes = items.flatMap((item, index) => (item.disabled ? [] : [index]));

  const focusItem = useCallback((index: number | undefined) => {
    if (index !== undefined) itemRefs.current[index]?.focus();
  }, []);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  const openMenu = (focus: 'first' | 'last') => {
    pendingFocus.current = focus;
    setOpen(true);
  };

  // Move focus into the menu once it is rendered.
  useEffect(() => {
    if (!open) return;
    const indexes = items.flatMap((item, index) => (item.disabled ? [] : [index]));
    focusItem(pendingFocus.current === 'first' ? indexes[0] : indexes[indexes.length - 1]);
    // Only on opening; item changes while open must not steal focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // A press anywhere outside closes the menu without pulling focus back.
  useEffect(() => {
    if (!open) return;
    const onOutside = (event: Event) => {
      if (
        rootRef.current &&
        event.target instanceof Node &&
        !rootRef.current.contains(event.target)
      )
        close(false);
    };
    document.addEventListener('mousedown', onOutside);
    document.addEventListener('touchstart', onOutside);
    return () => {
      document.removeEventListener('mousedown', onOutside);
      document.removeEventListener('touchstart', onOutside);
    };
  }, [open, close]);

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = itemRefs.current.findIndex((el) => el === document.activeElement);
    const position = enabledIndexes.indexOf(current);
    const count = enabledIndexes.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(enabledIndexes[position < 0 ? 0 : (position + 1) % count]);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(enabledIndexes[position <= 0 ? count - 1 : position - 1]);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(enabledIndexes[0]);
        break;
      case 'End':
        event.preventDefault();
        focusItem(enabledIndexes[count - 1]);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        // Let Tab move on naturally from the trigger's position.
        close(false);
        break;
      default:
        // Type-ahead: the next item whose label starts with the typed character.
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const key = event.key.toLocaleLowerCase('ar');
          const ordered = [
            ...enabledIndexes.slice(position + 1),
            ...enabledIndexes.slice(0, position + 1),
          ];
          const match = ordered.find((index) =>
            items[index]?.label.toLocaleLowerCase('ar').startsWith(key),
          );
          if (match !== undefined) focusItem(match);
        }
    }
  };

  return (
    <Root ref={rootRef} className={className}>
      <Trigger
        ref={triggerRef}
        id={triggerId}
        type="button"
        $variant={triggerVariant}
        $size="md"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </Trigger>
      {open ? (
        <Menu id={menuId} role="menu" aria-label={label} $align={align} onKeyDown={onMenuKeyDown}>
          {items.map((item, index) => (
            <Item
              key={`${index}-${item.label}`}
              ref={(el) => {
                itemRefs.current[index] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-disabled={item.disabled ? true : undefined}
              $destructive={Boolean(item.destructive)}
              onClick={() => {
                if (item.disabled) return;
                // Focus goes back to the trigger first, so a dialog opened by onSelect returns
                // focus there when it closes.
                close(true);
                item.onSelect();
              }}
            >
              {item.icon ? (
                typeof item.icon === 'string' ? (
                  <Icon name={item.icon} size={18} />
                ) : (
                  item.icon
                )
              ) : null}
              <span>{item.label}</span>
            </Item>
          ))}
        </Menu>
      ) : null}
    </Root>
  );
}
