import { Paper } from '@mantine/core';
import type { Area } from '@reseau/contracts/constants/auth';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LegalLinks } from '../../components/LegalLinks';
import { Logo } from '../../components/Logo';
import { useTranslation } from '../../i18n';
import classes from './AuthLayout.module.css';

/** The frame of the login, forgot, set-password and verification screens of both areas. */
export function AuthLayout({ area, children }: { area: Area; children: ReactNode }) {
  const { t } = useTranslation();
  const intranet = area === 'intranet';
  const suffix = intranet ? 'Intranet' : 'Extranet';
  const tagline = intranet ? t('brand.intranetTagline') : t('brand.extranetTagline');
  return (
    <div className={classes.page}>
      <aside className={classes.hero} aria-hidden="true">
        <Logo variant="light" size={44} subtitle={tagline} />
        <div>
          <p className={classes.heroTitle}>{t(`auth.hero${suffix}Title`)}</p>
          <p className={classes.heroText}>{t(`auth.hero${suffix}Text`)}</p>
          <ul className={classes.points}>
            {[1, 2, 3].map((n) => (
              <li key={n}>
                <span className={classes.pointIcon}>
                  <IconCheck size={16} />
                </span>
                {t(`auth.heroPoint${n}${suffix}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className={classes.heroFooter}>{intranet ? t('auth.areaIntranet') : t('auth.areaExtranet')}</div>
      </aside>
      <main className={classes.main} id="main">
        <div className={classes.formWrap}>
          <div className={classes.mobileLogo}>
            <Logo subtitle={tagline} />
          </div>
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 36 }}>
            {children}
          </Paper>
        </div>
        <footer className={classes.privacy}>
          {intranet ? null : (
            <>
              <h2>{t('auth.privacy.title')}</h2>
              <p>{t('auth.privacy.text')}</p>
            </>
          )}
          <LegalLinks />
        </footer>
      </main>
    </div>
  );
}
