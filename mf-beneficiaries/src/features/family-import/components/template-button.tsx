import { familyImportEndpoints } from 'shared-contracts/beneficiaries';
import { ExportButton } from 'shared-ui';

/** Downloads the import template (Arabic headers, the allowed values, an example row). */
export function TemplateButton() {
  return (
    <ExportButton
      endpoint={familyImportEndpoints.template}
      filePrefix="نموذج-استيراد-الأسر"
      params={{}}
      label="تنزيل نموذج الاستيراد"
    />
  );
}
