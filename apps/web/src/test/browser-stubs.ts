import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, onTestFinished, vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (uploads use it for their progress): each request is kept in
 * `FakeXhr.sent`, and the test drives it, progress, answer, time-out, as a server would.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  timeout = 0;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  timeOut() {
    this.ontimeout?.();
  }
}

/** Installs FakeXhr for one test (setup.ts unstubs globals after each). */
export function installFakeXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}

/**
 * jsdom has no object URLs: gives each test its own `URL.createObjectURL` (answering `url`) and
 * `revokeObjectURL`, removed when the test ends.
 */
export function stubObjectUrls(url = 'blob:apercu') {
  const createObjectURL = vi.fn((_blob: Blob) => url);
  const revokeObjectURL = vi.fn((_url: string) => {});
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return { createObjectURL, revokeObjectURL };
}

/** jsdom does no layout: ProseMirror measures the selection to scroll to it and the pointer to place it. */
export function stubEditorLayout() {
  Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  document.elementFromPoint ??= () => null;
}

/**
 * For a stand-in's own test: the code it waits for starts not fetched (`forget`), and the browser
 * is never idle, so that code comes only when the test's user goes for the stand-in. After each
 * test the render is cleaned up, the stubs removed and the code loaded again, as the other tests
 * expect it (test/setup.ts).
 */
export function neverIdle(code: { forget: () => void; load: () => Promise<unknown> }) {
  beforeEach(() => {
    code.forget();
    window.requestIdleCallback = () => 0;
    window.cancelIdleCallback = () => {};
  });
  afterEach(async () => {
    cleanup();
    Reflect.deleteProperty(window, 'requestIdleCallback');
    Reflect.deleteProperty(window, 'cancelIdleCallback');
    await code.load();
  });
}
