import { Avatar } from '@mantine/core';
import { useTranslation } from '../i18n';
import { initials } from '../lib/format';

/** The agency's logo when its path is a usable address, its initials otherwise (or when it fails). */
export function AgencyLogo({ name, logoFilePath, size = 48 }: { name: string; logoFilePath?: string | null; size?: number }) {
  const { t } = useTranslation();
  const usable = logoFilePath && /^(https?:\/\/|\/)/.test(logoFilePath) ? logoFilePath : null;
  // A picture of our file store comes as its preview: one width for every size shown (60 px at
  // most, twice that on dense screens), so that the header's and the panel's logo are one request.
  const src = usable && /^\/api\/files\/\d+$/.test(usable) ? `${usable}?width=192` : usable;
  return (
    <Avatar
      src={src}
      alt={t('extranet.agency.logoAlt', { name })}
      size={size}
      radius="md"
      color="ocean"
      variant="light"
      styles={{ image: { objectFit: 'contain', background: '#fff' } }}
    >
      {initials(name)}
    </Avatar>
  );
}
