import { PageHeader } from 'shared-ui';
import { TemplateForm } from '../components/template-form';

/** /survey/templates/create: a new template (a draft, version 1) built question by question. */
export default function SurveysTemplatesCreatePage() {
  return (
    <>
      <PageHeader
        title="إنشاء قالب استبيان"
        description="يُحفظ القالب مسودة حتى يُنشر، ولا تُستخدم في الاستبيانات إلا القوالب المنشورة."
      />
      <TemplateForm template={null} />
    </>
  );
}
