import { LEGAL_PAGE_PATHS, LEGAL_PAGE_SLUGS } from '@reseau/contracts/constants/legal-pages';
import { Link } from 'react-router';
import { useTranslation } from '../i18n';
import classes from './LegalLinks.module.css';

/**
 * The links to the public legal pages (RGPD issue 28 §4), in both shells' footers and on the
 * sign-in screens: plain links, nothing else (the login route's size budget).
 */
export function LegalLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('legal.linksLabel')} className={classes.links}>
      <ul>
        {LEGAL_PAGE_SLUGS.map((slug) => (
          <li key={slug}>
            <Link to={LEGAL_PAGE_PATHS[slug]}>{t(`legal.titles.${slug}`)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
