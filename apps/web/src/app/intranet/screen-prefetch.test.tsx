import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScreenPrefetch } from './use-screen-prefetch';

const lazyOf = vi.hoisted(() => ({
  forum: vi.fn(async () => ({})),
  users: vi.fn(async () => ({})),
  signature: vi.fn(async () => ({})),
}));
vi.mock('./routes', () => ({
  intranetChildren: [
    { path: 'forum', lazy: lazyOf.forum },
    { path: 'users', lazy: lazyOf.users },
    { path: 'signature', lazy: lazyOf.signature },
  ],
}));

const screenWidth = (wide: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));

afterEach(() => {
  vi.unstubAllGlobals();
  for (const fn of Object.values(lazyOf)) fn.mockClear();
});

describe('the menu screens fetched ahead', () => {
  it('on a wide screen, fetches the code of the screens the menu links to, and only those', async () => {
    screenWidth(true);
    renderHook(() => useScreenPrefetch(['/intranet', '/intranet/forum', '/intranet/signature']));
    await waitFor(() => expect(lazyOf.forum).toHaveBeenCalledTimes(1));
    expect(lazyOf.signature).toHaveBeenCalledTimes(1);
    expect(lazyOf.users).not.toHaveBeenCalled();
  });

  it('on a phone, fetches nothing ahead', async () => {
    screenWidth(false);
    renderHook(() => useScreenPrefetch(['/intranet/forum']));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(lazyOf.forum).not.toHaveBeenCalled();
  });

  it('when the user saves data, fetches nothing ahead', async () => {
    screenWidth(true);
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    renderHook(() => useScreenPrefetch(['/intranet/forum']));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(lazyOf.forum).not.toHaveBeenCalled();
  });
});
