import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetEarly } from '../api/http';
import { loadOverlays } from '../components/overlays/load';
import { loadRichTextEditor } from '../components/rich-text/RichTextEditor';
import { loadSortableList } from '../components/sortable/SortableList';
import { reloadSession } from '../lib/session';
import '../i18n/common';
import '../i18n/intranet';
import '../i18n/extranet';

// Lazy routes are compiled on first use: give the first screen of a run time to arrive.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks what Mantine measures with.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= () => {};
// Mantine's autosize textarea listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
window.HTMLElement.prototype.scrollTo ??= () => {};
(window as unknown as { scrollTo: () => void }).scrollTo = () => {};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // Popovers of a previous test never answer this one's assertions.
  notifications.clean();
  reloadSession();
  forgetEarly();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Mantine's floating components come after the first paint in the app (components/overlays); the
// tests use them loaded, as a user does once the screen is up. The stand-ins have their own tests.
await loadOverlays();
// Likewise the rich-text editor and dnd-kit (components/rich-text, components/sortable).
await loadRichTextEditor();
await loadSortableList();
