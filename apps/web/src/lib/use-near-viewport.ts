import { type RefObject, useEffect, useRef, useState } from 'react';
import { whenIdle } from './when-idle';

/**
 * True once the element has come within `margin` of the viewport and the browser has had a
 * moment to spare, and from then on: a panel below the first screen (the dashboard's map) fetches
 * its code and data when the user nears it, after the first screen has painted, not while that
 * screen is still loading on a slow phone. (Mantine's useInViewport turns false again when the
 * element leaves, which would unmount a loaded map.) Where the browser has no
 * IntersectionObserver (the tests' DOM), it is true at once.
 */
export function useNearViewport<T extends Element>(margin = '300px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    let cancelIdle: (() => void) | null = null;
    const observer = new IntersectionObserver(
      (entries) => {
        if (cancelIdle || !entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        cancelIdle = whenIdle(() => setNear(true));
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelIdle?.();
    };
  }, [near, margin]);
  return [ref, near];
}
