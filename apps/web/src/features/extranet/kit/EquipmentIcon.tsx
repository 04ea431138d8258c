import { IconFlame, IconPropeller } from '@tabler/icons-react';

/** Heat pumps and air conditioning get a fan; boilers and stoves a flame. */
export function EquipmentIcon({ type, size = 22 }: { type: string | null; size?: number }) {
  return /pompe|clim|air/i.test(type ?? '') ? <IconPropeller size={size} /> : <IconFlame size={size} />;
}
