import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { DropdownMenu, Icon } from 'shared-ui';
import { useCurrentEmployee } from '../../../lib/session/current-employee';
import { useLogout } from '../../../lib/session/use-logout';

export const ACCOUNT_MENU_LABEL = 'قائمة الحساب';

const Name = styled.span`
  max-inline-size: 10rem;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;

  @media (max-width: 767.98px) {
    display: none;
  }
`;

/**
 * The button's accessible name: what it is, then the name it shows, so the visible text is part
 * of the name (WCAG 2.5.3 label in name: a speech user can say what they see).
 */
export function accountMenuName(employeeName: string): string {
  return `${ACCOUNT_MENU_LABEL}: ${employeeName}`;
}

/** docs/shell.md#top-bar-and-theme: my account, profile, logout. */
export function AccountMenu() {
  const employee = useCurrentEmployee();
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <DropdownMenu
      label={accountMenuName(employee.name)}
      trigger={
        <>
          <Icon name="user" size={20} />
          <Name>{employee.name}</Name>
        </>
      }
      items={[
        { label: 'حسابي', icon: 'user', onSelect: () => navigate('/profile') },
        { label: 'الملف الشخصي', icon: 'edit', onSelect: () => navigate('/profile') },
        { label: 'تسجيل الخروج', icon: 'logout', destructive: true, onSelect: () => void logout() },
      ]}
    />
  );
}
