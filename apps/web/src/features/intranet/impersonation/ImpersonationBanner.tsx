import { Button } from '@mantine/core';
import { IconArrowBackUp, IconUserShield } from '@tabler/icons-react';
import { stopImpersonation } from '../../../api/impersonation';
import { useTranslation } from '../../../i18n';
import classes from './ImpersonationBanner.module.css';

/** Shown on every intranet screen while an administrator acts as an adherent user. */
export function ImpersonationBanner({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div className={classes.banner} role="status">
      <span className={classes.text}>
        <IconUserShield size={18} aria-hidden="true" />
        {t('shell.impersonating', { name })}
      </span>
      <Button
        size="compact-sm"
        variant="white"
        color="dark"
        leftSection={<IconArrowBackUp size={16} />}
        onClick={stopImpersonation}
      >
        {t('shell.stopImpersonation')}
      </Button>
    </div>
  );
}
