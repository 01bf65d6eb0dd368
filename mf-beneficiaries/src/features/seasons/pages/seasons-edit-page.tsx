import { useParams } from 'react-router-dom';
import { SEASON_STATUS_CAPABILITIES, pathTo, seasonStatusLabel } from 'shared-contracts';
import { ButtonLink, EmptyState, LoadingState, PageHeader } from 'shared-ui';
import { QueryError } from '../../../lib/components/query-states';
import { useSeason } from '../api/seasons-api';
import { SeasonForm } from '../components/season-form';

/** /seasons/edit/:id (only while the programme's status allows editing). */
export default function SeasonsEditPage() {
  const id = Number(useParams().id);
  const query = useSeason(id);
  if (query.isPending) return <LoadingState label="جارٍ تحميل البرنامج..." />;
  if (query.isError)
    return (
      <QueryError
        error={query.error}
        onRetry={() => void query.refetch()}
        notFoundTitle="البرنامج غير موجود"
      />
    );
  const season = query.data;
  if (!SEASON_STATUS_CAPABILITIES[season.status].edit) {
    return (
      <EmptyState
        icon="alert"
        title="لا يمكن تعديل هذا البرنامج"
        description={`البرنامج في حالة «${seasonStatusLabel(season.status)}»، ولا يُعدَّل بعد بدء التوزيع.`}
        action={
          <ButtonLink to={pathTo('seasons.show', { id: season.id })} variant="secondary">
            العودة إلى البرنامج
          </ButtonLink>
        }
      />
    );
  }
  return (
    <>
      <PageHeader title={`تعديل البرنامج: ${season.name}`} />
      <SeasonForm key={season.id} season={season} />
    </>
  );
}
