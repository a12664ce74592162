import type { Locator, Page } from '@playwright/test';

/** A phone held upright: below the web app's `md` breakpoint (800 px) lists are cards (ADR 18). */
export const phoneViewport = { width: 390, height: 844 } as const;

/** A desktop wide enough for the side menu (above 1360 px). */
export const desktopViewport = { width: 1366, height: 900 } as const;

/** What scrolls sideways on the page: the page itself, or a box whose content is wider than it. */
export interface SidewaysScroll {
  /** The page's scroll width over its visible width, e.g. "390/390". */
  page: { scrollWidth: number; clientWidth: number };
  /** Each box that scrolls sideways, as "class scrollWidth/clientWidth". */
  boxes: string[];
}

// Run in the page (the e2e project has no DOM types): a box scrolls sideways when its content is
// wider than it and its overflow lets it scroll.
const measureSidewaysScrollScript = `(() => {
  const root = document.scrollingElement ?? document.documentElement;
  const boxes = [];
  for (const element of document.querySelectorAll('body *')) {
    if (element.scrollWidth <= element.clientWidth + 1) continue;
    const overflow = getComputedStyle(element).overflowX;
    if (overflow === 'auto' || overflow === 'scroll') {
      boxes.push(element.className + ' ' + element.scrollWidth + '/' + element.clientWidth);
    }
  }
  return { page: { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth }, boxes };
})()`;

/** The lists of every screen, on a phone: cards instead of tables, found by the list's and card's names. */
export class PhoneLists {
  constructor(readonly page: Page) {}

  /** A list of cards, named as its table is on a wide screen ('Transações', 'Clientes'…). */
  list(name: string): Locator {
    return this.page.getByRole('list', { name, exact: true });
  }

  /** The cards of a list. */
  cards(listName: string): Locator {
    return this.list(listName).getByRole('listitem');
  }

  /** One card, named by its row's subject (the line's, file's, client's or task's name). */
  card(listName: string, name: string): Locator {
    return this.list(listName).getByRole('listitem', { name, exact: true });
  }

  /** The page's width against the screen's, and every box scrolling sideways inside it. */
  async measureSidewaysScroll(): Promise<SidewaysScroll> {
    return this.page.evaluate<SidewaysScroll>(measureSidewaysScrollScript);
  }

  /** A list's own width: its content must fit the box it is drawn in. */
  async listWidths(name: string): Promise<{ scrollWidth: number; clientWidth: number }> {
    return this.list(name).evaluate((list: { scrollWidth: number; clientWidth: number }) => ({
      scrollWidth: list.scrollWidth,
      clientWidth: list.clientWidth,
    }));
  }
}
