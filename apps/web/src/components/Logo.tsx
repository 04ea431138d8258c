import { useId } from 'react';
import { useTranslation } from '../i18n';
import classes from './Logo.module.css';

interface LogoProps {
  /** `light` on dark backgrounds. */
  variant?: 'default' | 'light';
  /** Hide the name below this width (the mark stays). */
  compact?: boolean;
  size?: number;
  subtitle?: string;
}

/** The "Réseau Énergie" mark: a bolt in a flame-shaped drop, blue to teal. */
export function LogoMark({ size = 36 }: { size?: number }) {
  // One gradient id per mark: a hidden copy elsewhere on the page must not be the one referenced.
  const gradientId = `re-logo-${useId().replace(/:/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0b3d91" />
          <stop offset="1" stopColor="#12b886" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill={`url(#${gradientId})`} />
      <path d="M20 6.5c5.8 6 9 10.6 9 15.2A9 9 0 0 1 11 21.7c0-4.6 3.2-9.2 9-15.2Z" fill="#fff" opacity="0.18" />
      <path d="M21.8 9 13.5 22.4h6.2l-1.6 9.6 9.4-14.1h-6.4l.7-8.9Z" fill="#fff" />
    </svg>
  );
}

export function Logo({ variant = 'default', compact = false, size = 36, subtitle }: LogoProps) {
  const { t } = useTranslation();
  return (
    <span className={classes.logo} data-variant={variant} data-compact={compact || undefined}>
      <LogoMark size={size} />
      <span className={classes.text}>
        <span className={classes.name}>{t('brand.name')}</span>
        {subtitle ? <span className={classes.subtitle}>{subtitle}</span> : null}
      </span>
    </span>
  );
}
