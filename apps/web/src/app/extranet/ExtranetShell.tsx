import { Collapse, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { lazy, useCallback, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { useAgency } from '../../api/agencies';
import { withQueryClient } from '../../api/with-query-client';
import { AgencyLogo } from '../../components/AgencyLogo';
import { LegalLinks } from '../../components/LegalLinks';
import { Logo } from '../../components/Logo';
import { AgencyPanel } from '../../features/extranet/agency-panel/AgencyPanel';
import { type ContactRequest, DEFAULT_CONTACT, type ExtranetOutletContext } from '../../features/extranet/kit/contact-context';
import { useTranslation } from '../../i18n';
import { useSession } from '../../lib/session';
import { AfterContent } from '../shared/AfterContent';
import { useAgencySync } from '../shared/use-agency-sync';
import { useDocumentTitle } from '../shared/use-document-title';
import { useLiveEvents } from '../shared/use-live-events';
import classes from './ExtranetShell.module.css';
import '../../i18n/extranet';

// The header's menus and the contact dialog come after the screen's content, code included. Their
// code is asked for as the shell's own runs, to be in before the screen's images take the network.
const headerCode = import('./ExtranetHeader');
const contactCode = import('../../features/extranet/contact/ContactAgencyModal');
const HeaderMenus = lazy(() => headerCode.then((m) => ({ default: m.HeaderMenus })));
const ContactAgencyModal = lazy(() => contactCode.then((m) => ({ default: m.ContactAgencyModal })));

/** `/extranet`: the customer's space, framed by their current agency (spec 03 §2). */
export function ExtranetShell() {
  useDocumentTitle('pages.extranetHome');
  const { t } = useTranslation();
  const session = useSession();
  const { agencies, currentAgency } = useAgencySync('single');
  const detail = useAgency(currentAgency?.id);
  useLiveEvents('extranet');
  const [contact, setContact] = useState<{ request: ContactRequest; key: number; opened: boolean }>({
    request: DEFAULT_CONTACT,
    key: 0,
    opened: false,
  });
  const [panelOpened, setPanelOpened] = useState(false);
  const claims = session.claims;
  const fullName = [claims?.given_name, claims?.family_name].filter(Boolean).join(' ');
  // Every screen may open the contact dialog with its subject, contract and source (spec 03 §2).
  const openContact = useCallback((request: ContactRequest = {}) => {
    setContact((current) => ({ request: { ...DEFAULT_CONTACT, ...request }, key: current.key + 1, opened: true }));
  }, []);
  const openMenuContact = useCallback(() => openContact(), [openContact]);
  const outletContext: ExtranetOutletContext = { openContact };

  return (
    <div className={classes.shell}>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <header className={classes.header}>
        <Link to="/extranet" className={classes.brand} aria-label={t('brand.name')}>
          <Logo compact subtitle={t('brand.extranetTagline')} />
        </Link>
        <div className={classes.end}>
          <AfterContent>
            <HeaderMenus agencies={agencies} currentAgency={currentAgency} fullName={fullName} email={claims?.email_address} />
          </AfterContent>
        </div>
      </header>

      <div className={classes.body}>
        {currentAgency ? (
          <aside className={classes.aside} aria-label={t('extranet.agency.yourAgency')}>
            <AfterContent>
              <AgencyPanel agency={currentAgency} onContact={openMenuContact} />
            </AfterContent>
          </aside>
        ) : null}
        <main className={classes.main} id="main" tabIndex={-1} data-with-panel={currentAgency ? true : undefined}>
          <div className={classes.content}>
            <Outlet context={outletContext} />
          </div>
          {/* Spec 03 §2: a page footer carries the privacy notice, signed in too. */}
          <footer className={classes.privacy}>
            <h2>{t('auth.privacy.title')}</h2>
            <p>{t('auth.privacy.text')}</p>
            <LegalLinks />
          </footer>
        </main>
      </div>

      {currentAgency ? (
        <section className={classes.bottom} aria-label={t('extranet.agency.yourAgency')}>
          <AfterContent>
            <UnstyledButton
              className={classes.bottomToggle}
              aria-expanded={panelOpened}
              aria-controls="agency-bottom-panel"
              onClick={() => setPanelOpened((o) => !o)}
            >
              <AgencyLogo name={currentAgency.name} logoFilePath={currentAgency.logoFilePath} size={36} />
              <Text fw={600} size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
                {t('extranet.agency.panelToggle', { name: currentAgency.name })}
              </Text>
              {panelOpened ? <IconChevronDown size={20} aria-hidden="true" /> : <IconChevronUp size={20} aria-hidden="true" />}
            </UnstyledButton>
            <Collapse expanded={panelOpened} id="agency-bottom-panel">
              <div className={classes.bottomContent}>
                <AgencyPanel agency={currentAgency} onContact={openMenuContact} />
              </div>
            </Collapse>
          </AfterContent>
        </section>
      ) : null}

      <AfterContent>
        <ContactAgencyModal
          agency={detail.data}
          agencyId={currentAgency?.id ?? null}
          opened={contact.opened}
          request={contact.request}
          requestKey={contact.key}
          onClose={() => setContact((current) => ({ ...current, opened: false }))}
        />
      </AfterContent>
    </div>
  );
}

/** The route component: the screen inside the app's query cache. */
export const ExtranetRoute = withQueryClient(ExtranetShell, 'extranet');
