import { Link } from 'react-router-dom';
import { pathTo } from 'shared-contracts';
import { Notice } from 'shared-ui';
import { usePhoneCheck } from '../hooks/use-duplicate-checks';

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
          <Link to={pathTo('families.show', { id: family.id })}>
            الأسرة «{family.head_name}» (رقم الملف <bdi dir="ltr">{family.file_number}</bdi>)
          </Link>
        </span>
      ))}
      . تأكد من أنها ليست الأسرة نفسها.
    </Notice>
  );
}
