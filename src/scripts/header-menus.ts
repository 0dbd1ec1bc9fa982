/** Width from which the header shows the mega-menu instead of the burger menu. */
export const DESKTOP_MIN_WIDTH = 960;
/** Delay before an open menu closes, so that a pointer crossing a gap does not close it. */
export const MENU_CLOSE_DELAY_MS = 110;

/**
 * Wires the header: mega-menus (click, or hover on desktop) and the burger menu on mobile.
 * Escape, a hash change, back navigation, a click outside or on a link close open menus,
 * after MENU_CLOSE_DELAY_MS.
 */
export function initHeaderMenus(header: HTMLElement | null): void {
  if (!header) return;
  const burger = header.querySelector<HTMLButtonElement>('[data-burger]');
  const menus = [...header.querySelectorAll<HTMLElement>('[data-menu]')].map((item) => ({
    item,
    trigger: item.querySelector<HTMLButtonElement>('[data-menu-trigger]')!,
    panel: item.querySelector<HTMLElement>('[data-menu-panel]')!,
  }));
  const desktop = window.matchMedia(`(min-width: ${DESKTOP_MIN_WIDTH}px)`);
  let closeTimer: number | undefined;
  // A mouse click lands just after the hover that opened the menu: it must not close it again.
  let hoverOpenedAt = 0;
  const HOVER_CLICK_GRACE_MS = 400;

  const setMenu = (menu: (typeof menus)[number], open: boolean) => {
    menu.trigger.setAttribute('aria-expanded', String(open));
    menu.panel.hidden = !open;
  };
  const setBurger = (open: boolean) => {
    burger?.setAttribute('aria-expanded', String(open));
    header.classList.toggle('is-nav-open', open);
  };
  // A pending close is marked on the header (data-menu-closing) until it runs or is cancelled.
  const cancelClose = () => {
    window.clearTimeout(closeTimer);
    delete header.dataset.menuClosing;
  };
  const closeAll = () => {
    cancelClose();
    menus.forEach((menu) => setMenu(menu, false));
    setBurger(false);
  };
  const scheduleClose = (close: () => void = closeAll) => {
    cancelClose();
    header.dataset.menuClosing = '';
    closeTimer = window.setTimeout(() => (cancelClose(), close()), MENU_CLOSE_DELAY_MS);
  };
  const openMenu = (menu: (typeof menus)[number]) => {
    cancelClose();
    menus.forEach((other) => setMenu(other, other === menu));
  };
  const isOpen = () => burger?.getAttribute('aria-expanded') === 'true' || menus.some((m) => !m.panel.hidden);

  for (const menu of menus) {
    menu.trigger.addEventListener('click', () => {
      if (menu.panel.hidden) openMenu(menu);
      else if (performance.now() - hoverOpenedAt > HOVER_CLICK_GRACE_MS) setMenu(menu, false);
    });
    menu.item.addEventListener('pointerenter', (event) => {
      if (!desktop.matches || event.pointerType !== 'mouse') return;
      if (menu.panel.hidden) hoverOpenedAt = performance.now();
      openMenu(menu);
    });
    menu.item.addEventListener('pointerleave', (event) => {
      if (desktop.matches && event.pointerType === 'mouse') scheduleClose(() => setMenu(menu, false));
    });
    menu.item.addEventListener('focusout', (event) => {
      if (!menu.item.contains(event.relatedTarget as Node | null) && desktop.matches) {
        scheduleClose(() => setMenu(menu, false));
      }
    });
  }

  burger?.addEventListener('click', () => {
    if (burger.getAttribute('aria-expanded') === 'true') scheduleClose();
    else setBurger(true);
  });

  header.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a[href]')) scheduleClose();
  });
  document.addEventListener('click', (event) => {
    if (isOpen() && !header.contains(event.target as Node)) scheduleClose();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    const openTrigger = menus.find((menu) => !menu.panel.hidden)?.trigger;
    scheduleClose();
    (openTrigger ?? (desktop.matches ? null : burger))?.focus();
  });
  window.addEventListener('hashchange', () => scheduleClose());
  window.addEventListener('popstate', () => scheduleClose());
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) closeAll();
  });
  desktop.addEventListener('change', closeAll);
}
