import { type RefObject, useCallback, useEffect, useState } from 'react';

/** Items whose bottom edge lies below the visible part of a scrolled box (2 px of rounding allowed). */
export function countHiddenBelow(scrollTop: number, clientHeight: number, itemBottoms: number[]): number {
  const visibleBottom = scrollTop + clientHeight + 2;
  return itemBottoms.filter((bottom) => bottom > visibleBottom).length;
}

/**
 * How many list items a scrolling box hides below its fold, followed as it scrolls or resizes:
 * the to-do list says so rather than hide a pay button without a cue (issue 12 §3).
 */
export function useHiddenBelow(box: RefObject<HTMLElement | null>, itemCount: number): number {
  const [hidden, setHidden] = useState(0);
  const measure = useCallback(() => {
    const element = box.current;
    if (!element) return;
    const items = Array.from(element.querySelectorAll<HTMLElement>(':scope > ul > li'));
    setHidden(
      countHiddenBelow(
        element.scrollTop,
        element.clientHeight,
        items.map((li) => li.offsetTop + li.offsetHeight),
      ),
    );
  }, [box]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new item count is a new layout to measure.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [box, measure, itemCount]);
  return hidden;
}
