import intranet from './fr.intranet.json';
import i18n from './index';
import './shell';

// Imported by the intranet shell: the intranet's texts arrive with its chunk.
i18n.addResourceBundle('fr', 'translation', intranet, true, false);
