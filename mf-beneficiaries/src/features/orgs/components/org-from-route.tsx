import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { OrganisationDetail } from 'shared-contracts';
import { QueryView } from 'shared-ui';
import { useOrg } from '../api/orgs-api';

/** The organisation named by the route's `:id`, for its show and edit pages (loading, 404, retry). */
export function OrgFromRoute({ children }: { children: (org: OrganisationDetail) => ReactNode }) {
  const query = useOrg(Number(useParams().id));
  return (
    <QueryView query={query} loadingLabel="جارٍ تحميل الجهة..." notFoundTitle="الجهة غير موجودة">
      {children}
    </QueryView>
  );
}
