import { useEffect, useState } from 'react';
import { heroCycle } from './hero-cycle.ts';

export interface HeroPair {
  title: string;
  subtitle: string;
}

export interface HeroHeadlinesProps {
  pairs: HeroPair[];
}

interface Shown {
  pair: number;
  title: boolean;
  subtitle: boolean;
}

/**
 * The hero's headline and subtitle pairs, cycling with the specified timings. The server renders
 * the first pair; under `prefers-reduced-motion` it stays still. Decorative for screen readers:
 * the page's h1 carries the first headline.
 */
export function HeroHeadlines({ pairs }: HeroHeadlinesProps) {
  const [shown, setShown] = useState<Shown>({ pair: 0, title: true, subtitle: true });

  useEffect(() => {
    if (pairs.length < 2 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timers: number[] = [];
    // The first pair is already on screen: its hold starts now, as if it had just come in.
    const schedule = (pair: number, t0: number) => {
      const { steps, next } = heroCycle(pair, t0);
      for (const step of steps) {
        timers.push(
          window.setTimeout(
            () => setShown((current) => ({ ...current, pair: step.pair, [step.part]: step.visible })),
            step.at,
          ),
        );
      }
      timers.push(window.setTimeout(() => schedule((pair + 1) % pairs.length, 0), next));
    };
    const first = heroCycle(0, 0);
    schedule(0, -first.steps[1]!.at);
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [pairs.length]);

  return (
    <div className="hero-headlines" aria-hidden="true">
      {pairs.map((pair, index) => (
        <div className="hero-headlines__pair" key={pair.title} data-active={index === shown.pair}>
          <p className="hero-headlines__title" data-visible={index === shown.pair && shown.title}>
            {pair.title}
          </p>
          <p className="hero-headlines__subtitle" data-visible={index === shown.pair && shown.subtitle}>
            {pair.subtitle}
          </p>
        </div>
      ))}
    </div>
  );
}
