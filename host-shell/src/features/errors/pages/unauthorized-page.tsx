import { landingPathFor } from 'shared-contracts';
import { ButtonLink, EmptyState } from 'shared-ui';
import { useCurrentEmployee } from '../../../lib/session/current-employee';

export const UNAUTHORIZED_TITLE = 'غير مصرح لك بعرض هذه الصفحة';

/**
 * `/unauthorized` (docs/shell.md#session-and-guard): where a missing permission, a super-admin page
 * or an inactive account lands.
 */
export function UnauthorizedPage() {
  const employee = useCurrentEmployee();
  const description = employee.active
    ? 'لا تملك الصلاحية اللازمة لفتح الصفحة المطلوبة. إن كنت تحتاج إليها فتواصل مع مسؤول النظام لمنحك الصلاحية.'
    : 'حسابك غير مفعّل حالياً، لذلك لا يمكنك استخدام صفحات النظام. تواصل مع مسؤول النظام لتفعيله.';
  const home = landingPathFor(employee);
  return (
    <EmptyState
      icon="alert"
      title={UNAUTHORIZED_TITLE}
      description={description}
      action={
        employee.active ? (
          <ButtonLink to={home} replace>
            العودة إلى الصفحة الرئيسية
          </ButtonLink>
        ) : null
      }
    />
  );
}
