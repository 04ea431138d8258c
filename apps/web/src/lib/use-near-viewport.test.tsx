import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

function Panel() {
  const [ref, near] = useNearViewport<HTMLDivElement>('200px');
  return <div ref={ref}>{near ? 'carte chargée' : 'en attente'}</div>;
}

/** An IntersectionObserver the test drives, as scrolling would. */
function stubObserver() {
  const observers: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit; disconnected: boolean }> =
    [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      record: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { callback, options, disconnected: false };
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    },
  );
  const scroll = (isIntersecting: boolean) =>
    act(() => {
      for (const o of observers)
        if (!o.disconnected) o.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
  return { observers, scroll };
}

describe('useNearViewport', () => {
  it('waits until the element nears the viewport, then stays true when it leaves', async () => {
    const { observers, scroll } = stubObserver();
    render(<Panel />);
    expect(screen.getByText('en attente')).toBeInTheDocument();
    expect(observers[0]?.options?.rootMargin).toBe('200px');
    scroll(false);
    expect(screen.getByText('en attente')).toBeInTheDocument();
    scroll(true);
    // Near: it loads as soon as the browser has a moment to spare.
    expect(await screen.findByText('carte chargée')).toBeInTheDocument();
    // Watching stops once near: leaving the viewport does not unload the map.
    expect(observers.every((o) => o.disconnected)).toBe(true);
    scroll(false);
    expect(screen.getByText('carte chargée')).toBeInTheDocument();
  });

  it('is true at once where the browser cannot watch (no IntersectionObserver)', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Panel />);
    expect(screen.getByText('carte chargée')).toBeInTheDocument();
  });
});
