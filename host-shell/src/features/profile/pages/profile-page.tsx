import styled from 'styled-components';
import { Card, PageHeader } from 'shared-ui';
import { useCurrentEmployee } from '../../../lib/session/current-employee';
import { NameForm } from '../components/name-form';
import { PasswordForm } from '../components/password-form';
import { AccountDetails, PermissionList } from '../components/profile-summary';

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.lg};

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  margin-block-end: ${({ theme }) => theme.space.md};
`;

/** `/profile` (docs/shell.md#screens-and-routes): any logged-in employee's own account. */
export function ProfilePage() {
  const employee = useCurrentEmployee();
  return (
    <>
      <PageHeader
        title="الملف الشخصي"
        description="بيانات حسابك وصلاحياتك، وتعديل اسمك وكلمة المرور."
      />
      <Grid>
        <Card as="section" aria-labelledby="profile-account">
          <SectionTitle id="profile-account">بيانات الحساب</SectionTitle>
          <AccountDetails employee={employee} />
        </Card>
        <Card as="section" aria-labelledby="profile-permissions">
          <SectionTitle id="profile-permissions">الصلاحيات</SectionTitle>
          <PermissionList employee={employee} />
        </Card>
        <Card as="section" aria-labelledby="profile-name">
          <SectionTitle id="profile-name">تعديل الاسم</SectionTitle>
          {/* Keyed by the saved name, so a save elsewhere resets the field to it. */}
          <NameForm key={employee.name} currentName={employee.name} />
        </Card>
        <Card as="section" aria-labelledby="profile-password">
          <SectionTitle id="profile-password">تغيير كلمة المرور</SectionTitle>
          <PasswordForm />
        </Card>
      </Grid>
    </>
  );
}
