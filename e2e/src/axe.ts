import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe-core for one page, set up for speed. Legacy mode runs `axe.run` in the page itself: the
 * default mode runs each frame's part, then opens a fresh page in the context and injects axe a
 * second time to merge them, which took about 6 s of every 7 s audit here (the rules themselves
 * about 1 s). The product draws no iframes, so the per-frame mode has nothing to add. Only
 * violations are collected: the tests read nothing else, and axe then skips describing every
 * passing node.
 */
export function axeFor(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}
