import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { familyDetailToInput, familyWriteSchemaFor } from 'shared-contracts/beneficiaries';
import { pathTo } from 'shared-contracts';
import {
  Button,
  Card,
  FileNumber,
  Notice,
  PageHeader,
  RecordForm,
  Row,
  SectionTitle,
  Stack,
  useRecordFormSave,
  useSchemaForm,
} from 'shared-ui';
import { useRecordSaved } from '../../../lib/record-cache';
import { useSaveFamily, type FamilyRecord } from '../api/families-api';
import { ContactSection } from './contact-section';
import { familyFormSchema } from './family-form-values';
import { HeadSection } from './head-section';
import { HousingIncomeSection } from './housing-income-section';
import { MembersSection } from './members-section';
import { NeedsConsentSection } from './needs-consent-section';

const SECTIONS = [
  { id: 'edit-head', title: 'رب الأسرة' },
  { id: 'edit-contact', title: 'التواصل والعنوان' },
  { id: 'edit-housing', title: 'السكن والدخل' },
  { id: 'edit-members', title: 'أفراد الأسرة' },
  { id: 'edit-needs', title: 'الفئات والاحتياجات والموافقة' },
] as const;

function jumpTo(id: string) {
  const section = document.getElementById(id);
  section?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  section?.querySelector<HTMLElement>('h2')?.focus();
}

/**
 * The family edit form (/families/edit/:id): the wizard's sections on one page, prefilled from
 * the family, validated as the API will (a draft leniently, anything else strictly), PUT on save.
 */
export function FamilyEditForm({ family }: { family: FamilyRecord }) {
  const saveFamily = useSaveFamily(family.id);
  const recordSaved = useRecordSaved('families');
  // A draft is saved leniently, any other family strictly (the API's rule, family.ts).
  const schema = useMemo(
    () =>
      familyFormSchema(familyWriteSchemaFor({ currentStatus: family.status, saveAsDraft: false })),
    [family.status],
  );
  const defaultValues = useMemo(() => familyDetailToInput(family), [family]);
  const form = useSchemaForm(schema, { defaultValues });
  const { control } = form;
  const [members, headNationalId] = useWatch({ control, name: ['members', 'head.national_id'] });

  const save = useRecordFormSave({
    form,
    save: saveFamily,
    errorTitle: 'تعذر حفظ التعديلات',
    onSaved: (updated) => ({
      toast: {
        title: 'حُفظت تعديلات الأسرة',
        description: (
          <>
            رقم الملف <FileNumber value={updated.file_number} />
          </>
        ),
      },
      to: recordSaved(family.id, { data: updated }),
    }),
  });

  return (
    <Stack>
      <PageHeader
        title={`تعديل أسرة ${family.head_name}`}
        description={
          <>
            رقم الملف <FileNumber value={family.file_number} />
          </>
        }
      />
      {family.status === 'draft' ? (
        <Notice tone="info">
          هذه الأسرة مسودة: يُقبل الحفظ ببيانات ناقصة، ويُستكمل الباقي قبل إرسالها للمراجعة من ملف
          الأسرة.
        </Notice>
      ) : null}
      <nav aria-label="أقسام النموذج">
        <Row>
          {SECTIONS.map((section) => (
            <Button key={section.id} size="sm" variant="ghost" onClick={() => jumpTo(section.id)}>
              {section.title}
            </Button>
          ))}
        </Row>
      </nav>
      <RecordForm
        form={form}
        save={save}
        label="تعديل بيانات الأسرة"
        submitLabel="حفظ التعديلات"
        cancelTo={pathTo('families.show', { id: family.id })}
      >
        <Card as="section" id="edit-head" aria-labelledby="edit-head-title">
          <SectionTitle id="edit-head-title" tabIndex={-1}>
            رب الأسرة
          </SectionTitle>
          <HeadSection excludeFamilyId={family.id} />
        </Card>
        <Card as="section" id="edit-contact" aria-labelledby="edit-contact-title">
          <SectionTitle id="edit-contact-title" tabIndex={-1}>
            التواصل والعنوان
          </SectionTitle>
          <ContactSection excludeFamilyId={family.id} />
        </Card>
        <Card as="section" id="edit-housing" aria-labelledby="edit-housing-title">
          <SectionTitle id="edit-housing-title" tabIndex={-1}>
            السكن والدخل
          </SectionTitle>
          <HousingIncomeSection membersCount={1 + (members?.length ?? 0)} />
        </Card>
        <Card as="section" id="edit-members" aria-labelledby="edit-members-title">
          <SectionTitle id="edit-members-title" tabIndex={-1}>
            أفراد الأسرة
          </SectionTitle>
          <MembersSection
            headNationalId={typeof headNationalId === 'string' ? headNationalId : null}
            excludeFamilyId={family.id}
          />
        </Card>
        <Card as="section" id="edit-needs" aria-labelledby="edit-needs-title">
          <SectionTitle id="edit-needs-title" tabIndex={-1}>
            الفئات والاحتياجات والموافقة
          </SectionTitle>
          <NeedsConsentSection />
        </Card>
      </RecordForm>
    </Stack>
  );
}
