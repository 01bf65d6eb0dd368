import { createContext, useContext, type ReactNode } from 'react';
import type { Employee } from 'shared-contracts';

const CurrentEmployeeContext = createContext<Employee | null>(null);

/**
 * The employee as the route guard last verified them with `GET /user`. Everything inside the
 * shell (access decisions, sidebar, account menu, profile) reads this one value, so a
 * permission the server just removed is never honoured for a render while the stored copy is
 * still being re-encrypted.
 */
export function CurrentEmployeeProvider({
  employee,
  children,
}: {
  employee: Employee;
  children: ReactNode;
}) {
  return (
    <CurrentEmployeeContext.Provider value={employee}>{children}</CurrentEmployeeContext.Provider>
  );
}

export function useCurrentEmployee(): Employee {
  const employee = useContext(CurrentEmployeeContext);
  if (!employee) throw new Error('useCurrentEmployee must be used inside the authenticated shell');
  return employee;
}
