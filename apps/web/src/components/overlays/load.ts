import { deferredCode } from '../../lib/deferred-code';

/** Mantine's floating components, fetched after the first paint (./index.tsx). */
const overlays = deferredCode(() => import('./mantine-overlays'));

export const loadOverlays = overlays.load;
export const useOverlays = overlays.useCode;
export const forgetOverlaysForTest = overlays.forgetForTest;
