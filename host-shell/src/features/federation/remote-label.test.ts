import { REMOTE_NAMES } from 'shared-contracts';
import { remoteLabel } from './remote-load-error';

describe('remoteLabel: the section name after «قسم»', () => {
  test('is in the genitive', () => {
    expect(`قسم ${remoteLabel('mf-beneficiaries')}`).toBe('قسم المستفيدين');
    expect(remoteLabel('mf-finance')).toBe('المالية');
  });

  test('names every remote in Arabic letters only', () => {
    for (const remote of REMOTE_NAMES) expect(remoteLabel(remote)).toMatch(/^[\u0600-\u06FF ]+$/);
  });
});
