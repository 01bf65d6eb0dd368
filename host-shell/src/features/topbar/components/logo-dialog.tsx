import { useState } from 'react';
import styled from 'styled-components';
import { Dialog } from 'shared-ui';
import { AtaaMark, PRODUCT_NAME } from '../../../components/ataa-logo';

export const LOGO_BUTTON_LABEL = 'عرض شعار عطاء';

const LogoButton = styled.button`
  display: inline-flex;
  /* A 32 px target whatever the bar holds: at a phone's width a long title or name shrinks, the
     logo keeps its size (a squeezed logo is a target too small to tap). */
  flex-shrink: 0;
  padding: 0;

  svg {
    flex-shrink: 0;
  }
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  cursor: zoom-in;
`;

const Figure = styled.figure`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  text-align: center;

  svg {
    inline-size: min(60vmin, 20rem);
    block-size: auto;
  }
`;

const Wordmark = styled.figcaption`
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: ${({ theme }) => theme.font.weight.bold};

  small {
    display: block;
    font-size: ${({ theme }) => theme.font.size.md};
    font-weight: ${({ theme }) => theme.font.weight.regular};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * docs/shell.md#top-bar-and-theme: the top bar's logo opens a dialog with a large version of it.
 */
export function LogoDialogButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <LogoButton
        type="button"
        aria-label={LOGO_BUTTON_LABEL}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <AtaaMark size={32} />
      </LogoButton>
      <Dialog open={open} onClose={() => setOpen(false)} title={PRODUCT_NAME} size="lg">
        <Figure>
          <AtaaMark size={320} title={`شعار ${PRODUCT_NAME}`} />
          <Wordmark>
            {PRODUCT_NAME}
            <small>نظام إدارة خدمات الجمعية الخيرية</small>
          </Wordmark>
        </Figure>
      </Dialog>
    </>
  );
}
