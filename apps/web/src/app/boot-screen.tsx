import { t } from '../i18n';

/**
 * The screen shown until the first screen's code has arrived. index.html holds the same markup
 * and its style, so the page is never blank: the browser paints it with the HTML, and React
 * replaces it by this identical one (the router's HydrateFallback) until the route is ready.
 */
export function BootScreen() {
  return (
    <div className="boot" role="status">
      <img src="/favicon.svg" width={48} height={48} alt="" />
      <span className="boot-text">{t('common.loading')}</span>
    </div>
  );
}
