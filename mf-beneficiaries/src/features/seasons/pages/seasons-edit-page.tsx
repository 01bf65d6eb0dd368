import {
  SEASON_STATUS_CAPABILITIES,
  seasonStatusLabel,
  type Season,
} from 'shared-contracts/beneficiaries';
import { EmptyState, PageButtonLink, PageHeader, RecordFromRoute } from 'shared-ui';
import { SEASON_RECORD } from '../api/seasons-api';
import { SeasonForm } from '../components/season-form';

/** /seasons/edit/:id (only while the programme's status allows editing). */
export default function SeasonsEditPage() {
  return (
    <RecordFromRoute {...SEASON_RECORD}>
      {(season) => <SeasonEdit season={season} />}
    </RecordFromRoute>
  );
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
          <PageButtonLink pageId="seasons.show" params={{ id: season.id }} variant="secondary">
            العودة إلى البرنامج
          </PageButtonLink>
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
