import { PageHeader } from 'shared-ui';
import { SeasonForm } from '../components/season-form';

/** /seasons/create */
export default function SeasonsCreatePage() {
  return (
    <>
      <PageHeader title="إضافة برنامج موسمي" />
      <SeasonForm season={null} />
    </>
  );
}
