import lists from './fr.lists.json';
import i18n from './index';

// Imported by the list components (PagedView, FiltersBar): their texts arrive with them, in
// whichever area uses them, and stay out of the login route (its 150 KB budget).
i18n.addResourceBundle('fr', 'translation', lists, true, false);
