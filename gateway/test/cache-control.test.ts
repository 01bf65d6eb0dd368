import { IMMUTABLE, NO_CACHE, cacheControlFor } from '../src/cache-control';

describe('cacheControlFor', () => {
  it.each([
    ['remotes.json', NO_CACHE],
    ['/store/mf-finance/1.0.0/mf-manifest.json', NO_CACHE],
    ['remoteEntry.js', NO_CACHE],
    ['release.json', NO_CACHE],
    ['index.html', NO_CACHE],
    ['main.js', NO_CACHE],
    ['627.eccb46c0.js', IMMUTABLE],
    ['__federation_expose_pages.01f40dc7.js', IMMUTABLE],
    ['627.eccb46c0.js.map', IMMUTABLE],
    ['fonts/cairo-arabic-wght-normal.c3107482.woff2', IMMUTABLE],
    ['cairo.woff2', IMMUTABLE],
    ['favicon.ico', NO_CACHE],
    ['525.981a592a.js.LICENSE.txt', NO_CACHE],
    // precompressed siblings are cached like the file they encode
    ['627.eccb46c0.js.br', IMMUTABLE],
    ['627.eccb46c0.js.gz', IMMUTABLE],
    ['main.js.br', NO_CACHE],
    ['/store/mf-finance/1.0.0/remoteEntry.js.gz', NO_CACHE],
    ['index.html.br', NO_CACHE],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});
