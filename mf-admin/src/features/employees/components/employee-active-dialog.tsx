import { readApiError, type Employee } from 'shared-contracts';
import { ConfirmDialog, useToast } from 'shared-ui';
import { useSetEmployeeActive } from '../api/employees-api';

/**
 * The list's quick activate / deactivate, confirmed first: deactivating locks the employee out
 * at once (the API refuses an inactive account everywhere).
 */
export function EmployeeActiveDialog({
  employee,
  onClose,
}: {
  employee: Employee;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const setActive = useSetEmployeeActive();
  const deactivating = employee.active;

  const confirm = () => {
    setActive.mutate(
      { id: employee.id, active: !deactivating },
      {
        onSuccess: (saved) => {
          toast({
            title: deactivating ? 'تم إيقاف حساب الموظف' : 'تم تفعيل حساب الموظف',
            description: saved.name,
          });
          onClose();
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: deactivating ? 'تعذر إيقاف الحساب' : 'تعذر تفعيل الحساب',
            description: readApiError(error).message,
          });
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open
      title={deactivating ? 'إيقاف حساب الموظف' : 'تفعيل حساب الموظف'}
      message={
        deactivating
          ? `هل تريد إيقاف حساب «${employee.name}»؟ لن يتمكن من الدخول إلى النظام حتى يُعاد تفعيله.`
          : `هل تريد تفعيل حساب «${employee.name}»؟ سيتمكن من الدخول بصلاحياته الحالية.`
      }
      confirmLabel={deactivating ? 'إيقاف الحساب' : 'تفعيل الحساب'}
      destructive={deactivating}
      busy={setActive.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
