import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

describe('whenIdle (lib/when-idle.ts)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs the work once the browser is idle, and not once cancelled', () => {
    vi.useFakeTimers();
    const work = vi.fn();
    whenIdle(work);
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    vi.advanceTimersByTime(60);
    expect(work).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('with afterLoad, waits for the page to be loaded first, or for its time-out', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const onLoad = vi.fn();
    whenIdle(onLoad, { afterLoad: true });
    vi.advanceTimersByTime(1000);
    expect(onLoad).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(60);
    expect(onLoad).toHaveBeenCalledTimes(1);

    const hung = vi.fn();
    whenIdle(hung, { afterLoad: true, loadTimeoutMs: 4000 });
    vi.advanceTimersByTime(3000);
    expect(hung).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1100);
    expect(hung).toHaveBeenCalledTimes(1);
    // The load event after the time-out does not run it twice.
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(60);
    expect(hung).toHaveBeenCalledTimes(1);
  });
});
