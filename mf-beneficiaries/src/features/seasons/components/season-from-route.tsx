import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { Season } from 'shared-contracts';
import { QueryView } from 'shared-ui';
import { useSeason } from '../api/seasons-api';

/** The programme named by the route's `:id`, for its show and edit pages (loading, 404, retry). */
export function SeasonFromRoute({ children }: { children: (season: Season) => ReactNode }) {
  const query = useSeason(Number(useParams().id));
  return (
    <QueryView
      query={query}
      loadingLabel="جارٍ تحميل البرنامج..."
      notFoundTitle="البرنامج غير موجود"
    >
      {children}
    </QueryView>
  );
}
