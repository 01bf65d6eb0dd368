import { ROUTES } from 'shared-contracts';
import { declaredPageHeader, pageHeader, pageTitle } from '../src';

describe('a page header from the route table', () => {
  test('its title is the route’s title unless the route names its own', () => {
    expect(pageHeader('families.list')).toEqual({
      title: pageTitle('families.list'),
      description: 'الأسر المسجلة وحالاتها. ابحث بالاسم أو رقم الملف أو الهوية أو الجوال.',
    });
    // The sidebar and top bar say «الموسميون»; the page's own heading names the programmes.
    expect(pageTitle('seasons.list')).toBe('الموسميون');
    expect(pageHeader('seasons.list').title).toBe('البرامج الموسمية');
  });

  test('a page whose route declares no header cannot ask for one', () => {
    expect(() => pageHeader('families.show')).toThrow('declares no header');
  });

  test('every declared header has words to show', () => {
    const declared = ROUTES.flatMap((route) => {
      const heading = declaredPageHeader(route.pageId);
      return heading ? [heading] : [];
    });
    expect(declared.length).toBeGreaterThanOrEqual(18);
    for (const heading of declared) {
      expect(heading.title.trim()).not.toBe('');
      expect(heading.description.trim()).not.toBe('');
    }
  });
});
