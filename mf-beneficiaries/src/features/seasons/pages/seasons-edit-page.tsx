import {
  SEASON_STATUS_CAPABILITIES,
  pathTo,
  seasonStatusLabel,
  type Season,
} from 'shared-contracts';
import { ButtonLink, EmptyState, PageHeader } from 'shared-ui';
import { SeasonForm } from '../components/season-form';
import { SeasonFromRoute } from '../components/season-from-route';

/** /seasons/edit/:id (only while the programme's status allows editing). */
export default function SeasonsEditPage() {
  return <SeasonFromRoute>{(season) => <SeasonEdit season={season} />}</SeasonFromRoute>;
}

/** The form, or why the programme can no longer be edited. */
function SeasonEdit({ season }: { season: Season }) {
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
