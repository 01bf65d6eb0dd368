import {
  SURVEY_STATUSES,
  SURVEY_TEMPLATE_STATUSES,
  SURVEY_VERSION_STATUSES,
  type SurveyStatus,
  type SurveyTemplateStatus,
  type SurveyVersionStatus,
} from 'shared-contracts/engagement';
import { StatusBadge } from 'shared-ui';

/** A template's status: draft, published, retired. */
export function TemplateStatusBadge({ status }: { status: SurveyTemplateStatus }) {
  return (
    <StatusBadge
      choices={SURVEY_TEMPLATE_STATUSES}
      value={status}
      tones={{ draft: 'warning', published: 'success', retired: 'neutral' }}
    />
  );
}

/** A version's status: the draft, the current one, or one a newer version replaced. */
export function VersionStatusBadge({ status }: { status: SurveyVersionStatus }) {
  return (
    <StatusBadge
      choices={SURVEY_VERSION_STATUSES}
      value={status}
      tones={{ draft: 'warning', published: 'success', superseded: 'neutral' }}
    />
  );
}

/** A survey: open (collecting) or closed. */
export function SurveyStatusBadge({ status }: { status: SurveyStatus }) {
  return (
    <StatusBadge
      choices={SURVEY_STATUSES}
      value={status}
      tones={{ open: 'success', closed: 'neutral' }}
    />
  );
}
