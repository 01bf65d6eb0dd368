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

/** Spec §1: my account, profile, logout. */
export function AccountMenu() {
  const employee = useCurrentEmployee();
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <DropdownMenu
      label={ACCOUNT_MENU_LABEL}
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
