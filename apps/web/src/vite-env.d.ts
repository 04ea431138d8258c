/// <reference types="vite/client" />

/** Build-time settings of the web app (read through `import.meta.env`, see src/lib/config.ts). */
interface ImportMetaEnv {
  /** Base address of the agencies' public pages; see AGENCY_PUBLIC_SITE_URL in src/lib/config.ts. */
  readonly VITE_AGENCY_PUBLIC_SITE_URL?: string;
  /** Map tiles and their attribution; see MAP_TILE_URL in src/lib/config.ts. */
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
  /** The dashboard's calendar embed; see CALENDAR_EMBED_URL in src/lib/config.ts. */
  readonly VITE_CALENDAR_EMBED_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
