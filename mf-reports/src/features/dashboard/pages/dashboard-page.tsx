import {
  LoadingState,
  PageHeader,
  QueryErrorState,
  Stack,
  formatDateDual,
  pageTitle,
} from 'shared-ui';
import { useDashboard } from '../api/dashboard-api';
import {
  FamiliesSection,
  FinanceSection,
  SeminarsSection,
  ServicesSection,
  VisitsSection,
  SurveysSection,
} from '../components/dashboard-sections';

/**
 * /dashboard: the figures a manager opens the day with, in one request. Each section comes only
 * when the employee holds the key of the list behind it (the server sends null otherwise, so
 * nothing is hidden here); each figure links to that list, filtered as the figure counts.
 */
export default function DashboardPage() {
  const query = useDashboard();
  const data = query.data?.data;
  const empty =
    data && !data.families && !data.services && !data.finance && !data.seminars && !data.surveys;

  return (
    <Stack>
      <PageHeader
        title={pageTitle('dashboard')}
        description={data ? `أرقام يوم ${formatDateDual(data.today)}` : undefined}
      />
      {query.isPending ? (
        <LoadingState label="جارٍ تحميل لوحة التحكم..." />
      ) : query.isError && !data ? (
        <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : data ? (
        <>
          {data.families ? <FamiliesSection data={data.families} /> : null}
          {data.visits ? <VisitsSection data={data.visits} month={data.month} /> : null}
          {data.services ? <ServicesSection data={data.services} /> : null}
          {data.finance ? <FinanceSection data={data.finance} month={data.month} /> : null}
          {data.seminars ? <SeminarsSection data={data.seminars} /> : null}
          {data.surveys ? <SurveysSection data={data.surveys} /> : null}
          {empty ? <p>لا توجد أرقام متاحة لصلاحياتك في لوحة التحكم.</p> : null}
        </>
      ) : null}
    </Stack>
  );
}
