import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { activeSection, TAB_BAR, tabAfterKey } from './scroll-spy.ts';

export interface SectionTab {
  id: string;
  label: string;
}

export interface SectionTabsProps {
  tabs: SectionTab[];
  label: string;
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A sticky tab bar over the home page's sections (WAI-ARIA tabs pattern, manual activation):
 * the active tab follows the scroll, a click scrolls smoothly to its section, arrows, Home and
 * End move between tabs, Enter or Space scrolls to the focused one.
 */
export function SectionTabs({ tabs, label }: SectionTabsProps) {
  const [active, setActive] = useState(0);
  const [focused, setFocused] = useState(0);
  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const [indicator, setIndicator] = useState({ left: 0, width: 0 });

  useEffect(() => {
    const sections = tabs.map((tab) => document.getElementById(tab.id));
    let frame = 0;
    const update = () => {
      frame = 0;
      const tops = sections.map((section) => section?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY);
      setActive(activeSection(tops, window.innerHeight));
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [tabs]);

  useEffect(() => {
    const tab = tabRefs.current[active];
    if (tab) setIndicator({ left: tab.offsetLeft, width: tab.offsetWidth });
    setFocused(active);
  }, [active]);

  const scrollTo = (index: number) => {
    const section = document.getElementById(tabs[index]!.id);
    if (!section) return;
    const barHeight = listRef.current?.offsetHeight ?? 0;
    const top = section.getBoundingClientRect().top + window.scrollY - TAB_BAR.stickyOffset - barHeight - 16;
    window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    history.replaceState(null, '', `#${tabs[index]!.id}`);
    setActive(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      scrollTo(index);
      return;
    }
    const next = tabAfterKey(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="section-tabs" ref={listRef} role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <a
          key={tab.id}
          ref={(element) => {
            tabRefs.current[index] = element;
          }}
          href={`#${tab.id}`}
          role="tab"
          id={`tab-${tab.id}`}
          aria-controls={tab.id}
          aria-selected={index === active}
          tabIndex={index === focused ? 0 : -1}
          className="section-tabs__tab"
          onClick={(event) => {
            event.preventDefault();
            scrollTo(index);
          }}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
        </a>
      ))}
      <span
        className="section-tabs__indicator"
        aria-hidden="true"
        style={{
          transform: `translateX(${indicator.left}px)`,
          width: indicator.width,
          transitionDuration: `${TAB_BAR.indicatorMs}ms`,
        }}
      />
    </div>
  );
}
