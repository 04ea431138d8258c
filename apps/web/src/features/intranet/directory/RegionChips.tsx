import { Chip, Group } from '@mantine/core';
import { useRegions } from '../../../api/adherents';
import { useTranslation } from '../../../i18n';

const ALL = 'all';

/** The region chips of the directory list and map: one region, or all of them. */
export function RegionChips({ value, onChange }: { value: number | null; onChange(regionId: number | null): void }) {
  const { t } = useTranslation();
  const regions = useRegions();
  if (!regions.data || regions.data.length === 0) return null;
  return (
    <Chip.Group value={value === null ? ALL : String(value)} onChange={(v) => onChange(v === ALL ? null : Number(v))}>
      <Group gap={8} role="radiogroup" aria-label={t('directory.regions')}>
        <Chip value={ALL} type="radio">
          {t('directory.allRegions')}
        </Chip>
        {regions.data.map((region) => (
          <Chip key={region.id} value={String(region.id)} type="radio">
            {region.name}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
