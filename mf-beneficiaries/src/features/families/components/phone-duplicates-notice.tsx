import { FileNumber, Notice, PageLink } from 'shared-ui';
import { usePhoneCheck } from './use-duplicate-checks';

/** A warning (never a block) when other families already use this phone, naming them. */
export function PhoneDuplicatesNotice({
  phone,
  excludeFamilyId,
}: {
  phone: unknown;
  excludeFamilyId?: number;
}) {
  const families = usePhoneCheck(phone, excludeFamilyId);
  if (families.length === 0) return null;
  return (
    <Notice tone="warning">
      رقم الجوال مستخدم لدى:{' '}
      {families.map((family, index) => (
        <span key={family.id}>
          {index > 0 ? '، ' : null}
          <PageLink pageId="families.show" params={{ id: family.id }}>
            الأسرة «{family.head_name}» (رقم الملف <FileNumber value={family.file_number} />)
          </PageLink>
        </span>
      ))}
      . تأكد من أنها ليست الأسرة نفسها.
    </Notice>
  );
}
