import { employeeEndpoints } from 'shared-contracts/admin';
import type { ApiModule } from '../../http/api-module';
import { employeesBaseline } from './migrations/0001_foundation';
import { employeeRoutes } from './routes';
import { seedEmployees } from './seed';
import './tables';

/**
 * Employees and their permissions. Its seed runs first: it decides whether the database is new and
 * creates the first super admin (and the demo accounts), whom later modules' demo data names.
 */
export const employeesModule: ApiModule = {
  name: 'employees',
  routes: employeeRoutes,
  endpoints: [employeeEndpoints],
  seed: seedEmployees,
  migrations: [employeesBaseline],
};

export {
  countEmployees,
  findEmployeeByEmail,
  findEmployeeById,
  insertEmployee,
  lockEmployeeById,
  markSignedIn,
} from './repository';
export {
  normaliseEmail,
  searchKeyFor,
  sortPermissions,
  toEmployeeResource,
  updateEmployee,
} from './repository';
export { EMPLOYEE_MESSAGES } from './commands';
export {
  accountsWithPassword,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  SUPER_ADMIN_NAME,
  SUPER_ADMIN_ROLE,
  type DemoAccount,
} from './seed';
export {
  EMPLOYEE_ACCOUNT_COLUMNS,
  type EmployeeAccount,
  type EmployeeRow,
  type EmployeesTable,
  type NewEmployeeRow,
} from './tables';
