import { FamilyCreateWizard } from '../components/wizard/family-create-wizard';

/** /families/create: the family registration wizard. */
export default function FamiliesCreatePage() {
  return <FamilyCreateWizard />;
}
