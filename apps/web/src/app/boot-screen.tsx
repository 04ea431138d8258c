import { t } from '../i18n';

/**
 * The screen shown until the first screen's code has arrived. index.html holds the same markup
 * and its style, so the page is never blank: the browser paints it with the HTML, and React
 * replaces it by this identical one (the router's HydrateFallback) until the route is ready.
 */
export function BootScreen() {
  return (
    <div className="boot" role="status">
      {/* The logo in the page, not a file: on a phone a file came after the code it shares the link with. */}
      <svg width="48" height="48" viewBox="0 0 40 40" aria-hidden="true">
        <defs>
          <linearGradient id="boot-g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#0b3d91" />
            <stop offset="1" stopColor="#0ca678" />
          </linearGradient>
        </defs>
        <rect width="40" height="40" rx="10" fill="url(#boot-g)" />
        <path d="M21.5 7 12 22h7l-2 11 11-16h-7.5z" fill="#fff" />
      </svg>
      <span className="boot-text">{t('common.loading')}</span>
    </div>
  );
}
