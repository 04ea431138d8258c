/**
 * Prestation catalogue (spec 01 §2, §4, §5, §7). The reference lists below are what the seed
 * writes to their tables; ids are the spec's (prestation types: 1 SAV, 2 installation, 3 advice).
 */
export const PRESTATION_TYPES = [
  { id: 1, code: 'SAV' },
  { id: 2, code: 'INSTALLATION' },
  { id: 3, code: 'CONSEIL' },
] as const;

export const PRESTATION_COLORS = [
  { id: 1, code: '#C8102E' },
  { id: 2, code: '#F28C28' },
  { id: 3, code: '#2E7D32' },
  { id: 4, code: '#1565C0' },
  { id: 5, code: '#6A1B9A' },
] as const;

/** Agency users cannot choose the colour: their prestations take this one (spec 01 §5). */
export const AGENCY_PRESTATION_COLOR_ID = 4;

export const EQUIPMENT_TYPES = [
  { id: 1, name: 'Chaudière gaz' },
  { id: 2, name: 'Chaudière fioul' },
  { id: 3, name: 'Pompe à chaleur' },
  { id: 4, name: 'Climatisation' },
  { id: 5, name: 'Chaudière biomasse' },
  { id: 6, name: 'Chauffe-eau solaire' },
] as const;

export const BRANDS = [
  { id: 1, name: 'Atlantic' },
  { id: 2, name: 'De Dietrich' },
  { id: 3, name: 'Frisquet' },
  { id: 4, name: 'Saunier Duval' },
  { id: 5, name: 'Viessmann' },
  { id: 6, name: 'Daikin' },
] as const;

/** Exactly 5 good reasons in a prestation's block (spec 01 §10). */
export const GOOD_REASONS_COUNT = 5;
export const PRESTATION_TITLE_MAX = 150;
export const PRESTATION_SUBTITLE_MAX = 250;
export const GOOD_REASON_MAX = 250;
export const GOOD_REASONS_INTRO_MAX = 500;
/** Prices in euros with cents, up to 100 000 € (stored in cents). */
export const PRESTATION_PRICE_MAX = 100_000;

export const PRESTATION_MESSAGES = {
  introNeeded: 'Veuillez saisir une introduction pour les bonnes raisons',
  goodReasonsCount: 'Les bonnes raisons doivent être au nombre de 5',
  colorLocked: 'La couleur des prestations d’agence ne peut pas être changée',
  mandatoryToggle: 'Une prestation obligatoire du réseau ne peut pas être désactivée',
} as const;

/** Four arguments per equipment text block (spec 01 §10). */
export const EQUIPMENT_ARGUMENTS_COUNT = 4;
export const EQUIPMENT_TEXT_MAX = 250;
