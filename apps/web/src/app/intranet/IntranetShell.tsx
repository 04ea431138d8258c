import { ActionIcon } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { lazy, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useUnprocessedContactCounts } from '../../api/contacts';
import { withQueryClient } from '../../api/with-query-client';
import { LegalLinks } from '../../components/LegalLinks';
import { Logo } from '../../components/Logo';
import type { HomeContext } from '../../features/intranet/home/home-context';
import { ImpersonationBanner } from '../../features/intranet/impersonation/ImpersonationBanner';
import { useTranslation } from '../../i18n';
import { badgeLabel } from '../../lib/format';
import { useSession } from '../../lib/session';
import { canSearch, MENU_SECTION_ORDER, visibleMenu } from '../intranet-menu';
import { AfterContent } from '../shared/AfterContent';
import { useAgencySync } from '../shared/use-agency-sync';
import { useDocumentTitle } from '../shared/use-document-title';
import { useLiveEvents } from '../shared/use-live-events';
import classes from './IntranetShell.module.css';
import { PermissionGate } from './PermissionGate';
import { useIntranetAccess } from './use-intranet-access';
import { useScreenPrefetch } from './use-screen-prefetch';
import '../../i18n/intranet';

// The header's controls come after the screen's content, code included (IntranetHeader.tsx): their
// code is asked for once the screen is up and the browser idle (AfterContent's `idle`), one
// request for both.
let headerCode: Promise<typeof import('./IntranetHeader')> | undefined;
const loadHeader = () => {
  headerCode ??= import('./IntranetHeader');
  return headerCode;
};
const HeaderTools = lazy(() => loadHeader().then((m) => ({ default: m.HeaderTools })));
const HeaderEnd = lazy(() => loadHeader().then((m) => ({ default: m.HeaderEnd })));

/** `/intranet`: header, side menu by permission, impersonation banner (spec 00 §2). */
export function IntranetShell() {
  useDocumentTitle('menu.home');
  const { t } = useTranslation();
  const session = useSession();
  const access = useIntranetAccess();
  const { agencies, currentAgency } = useAgencySync('first');
  const menu = useMenuDrawer();
  const claims = session.claims;
  const fullName = [claims?.given_name, claims?.family_name].filter(Boolean).join(' ');
  const ctx = { permissions: access.permissions, roleId: access.roleId, hasAgency: Boolean(currentAgency) };
  const entries = visibleMenu(ctx);
  const withSearch = canSearch(access.roleId);
  const withTools = agencies.length > 0 || withSearch;
  useScreenPrefetch(entries.map((entry) => entry.path));
  useLiveEvents('intranet');
  // The badges of demands, quotations and invoices: the current agency's contacts to handle.
  const contactCounts = useUnprocessedContactCounts(
    currentAgency?.id ?? null,
    entries.some((e) => e.countGroup),
  ).data;
  const homeContext: HomeContext = {
    roleId: access.roleId,
    roleName: access.roleName,
    regionId: session.impersonation ? session.impersonation.regionId : (claims?.data?.regionId ?? null),
    permissions: access.permissions,
    currentAgency: currentAgency ? { id: currentAgency.id, name: currentAgency.name } : null,
  };

  return (
    <div className={classes.shell}>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      {session.impersonation ? <ImpersonationBanner name={session.impersonation.name} /> : null}
      <header className={classes.header}>
        <Link to="/intranet" className={classes.brand} aria-label={t('brand.name')}>
          <Logo compact subtitle={t('brand.intranetTagline')} />
        </Link>
        {/* The controls' code comes after the content: until then their place is kept, so that
            nothing moves when they arrive (on a phone the agency switch and the search are a row). */}
        <div className={classes.tools}>
          <AfterContent idle fallback={withTools ? <div className={classes.toolsPlaceholder} aria-hidden="true" /> : null}>
            <HeaderTools agencies={agencies} currentAgency={currentAgency} withSearch={withSearch} />
          </AfterContent>
        </div>
        <div className={classes.end}>
          <AfterContent idle fallback={<div className={classes.endPlaceholder} aria-hidden="true" />}>
            <HeaderEnd fullName={fullName} email={claims?.email_address} />
          </AfterContent>
        </div>
      </header>
      <div className={classes.body}>
        <div className={classes.rail}>
          <nav
            ref={menu.navRef}
            id={menu.id}
            className={classes.nav}
            aria-label={t('shell.mainMenu')}
            data-expanded={menu.expanded || undefined}
          >
            <ActionIcon
              ref={menu.buttonRef}
              className={classes.toggle}
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={menu.expanded ? t('shell.collapseMenu') : t('shell.expandMenu')}
              aria-expanded={menu.expanded}
              aria-controls={menu.id}
              onClick={menu.toggle}
            >
              {menu.expanded ? <IconLayoutSidebarLeftCollapse size={20} /> : <IconLayoutSidebarLeftExpand size={20} />}
            </ActionIcon>
            {/* With the first paint: the entries come from the permissions kept from the last visit. */}
            {MENU_SECTION_ORDER.map((section) => {
              const items = entries.filter((e) => e.section === section);
              if (items.length === 0) return null;
              const titleId = `menu-section-${section}`;
              return (
                <div key={section} className={classes.section}>
                  {section === 'main' ? null : (
                    <p className={classes.sectionTitle} id={titleId}>
                      {t(`menu.sections.${section}`)}
                    </p>
                  )}
                  <ul className={classes.links} aria-labelledby={section === 'main' ? undefined : titleId}>
                    {items.map((entry) => (
                      <li key={entry.id}>
                        <NavLink to={entry.path} end={entry.path === '/intranet'} className={classes.link} onClick={menu.close}>
                          <entry.icon size={20} stroke={1.7} aria-hidden="true" />
                          <span className={classes.label}>{t(entry.labelKey)}</span>
                          {entry.countGroup ? <MenuCount count={contactCounts?.[entry.countGroup] ?? 0} /> : null}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </nav>
        </div>
        {menu.expanded ? <div className={classes.backdrop} aria-hidden="true" onClick={menu.close} /> : null}
        <main className={classes.main} id="main" tabIndex={-1}>
          <div className={classes.content}>
            <PermissionGate access={ctx} ready={access.ready}>
              <Outlet context={homeContext} />
            </PermissionGate>
          </div>
          <footer className={classes.footer}>
            <LegalLinks />
          </footer>
        </main>
      </div>
    </div>
  );
}

/**
 * The folded menu's drawer (≤ 772 px): opened by its button, closed on navigation, Esc (focus back
 * on the button) and a tap outside it. On a touch screen the icons never unfold the menu by
 * themselves (IntranetShell.module.css): a tap on an icon opens its entry.
 */
function useMenuDrawer() {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const navRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // A navigation closes it (a link, the back button, a link of the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path
  useEffect(() => setExpanded(false), [pathname]);
  useEffect(() => {
    if (!expanded) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setExpanded(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setExpanded(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [expanded]);
  return {
    expanded,
    id,
    navRef,
    buttonRef,
    toggle: () => setExpanded((e) => !e),
    close: () => setExpanded(false),
  };
}

/** A menu entry's count (99+ above 99); read with the entry's name by a screen reader. */
function MenuCount({ count }: { count: number }) {
  const { t } = useTranslation();
  const label = badgeLabel(count);
  if (label === null) return null;
  return (
    <span className={classes.count}>
      <span aria-hidden="true">{label}</span>
      <span className="visually-hidden">{t('contacts.menuCount', { value: label })}</span>
    </span>
  );
}

/** The route component: the screen inside the app's query cache. */
export const IntranetRoute = withQueryClient(IntranetShell, 'intranet');
