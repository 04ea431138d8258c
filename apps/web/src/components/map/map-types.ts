import type { ReactNode } from 'react';

/** One place on a map: a keyboard-focusable marker (named by `title`) that opens `popup`. */
export interface MapMarker {
  id: string | number;
  latitude: number;
  longitude: number;
  title: string;
  popup: ReactNode;
}

export interface MarkerMapProps {
  markers: readonly MapMarker[];
  center: { latitude: number; longitude: number };
  zoom: number;
  /** A region to show whole (with a margin) instead of `center` and `zoom`: the map fits it to its box. */
  bounds?: { south: number; west: number; north: number; east: number };
  /** Names the map for assistive technologies. */
  label: string;
  /** CSS height of the map (its width follows its container). */
  height?: number | string;
  /** Tile address and attribution; the app's configuration (lib/config.ts) by default. */
  tileUrl?: string;
  attribution?: string;
}
