import shell from './fr.shell.json';
import i18n from './index';

// Imported by both area shells: menus, page titles and the shell's own texts are not needed by
// the sign-in routes, so they arrive with the first shell instead of the entry chunk.
i18n.addResourceBundle('fr', 'translation', shell, true, false);
